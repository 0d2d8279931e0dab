// /portal/{businessId}/reviews: the player-made products waiting for a decision in each game of the
// selected environment, with their images. Roles that may change the catalogue approve (with overrides) or
// decline with a reason, through the review route's service; the latest decisions are listed below.
import type { Metadata } from "next";
import { priceLine, ProductImage } from "@/components/portal/catalogue-product-item";
import { environmentOf } from "@/components/portal/env-href";
import { ReviewItem } from "@/components/portal/review-item";
import { Badge } from "@/components/ui/badge";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalReviews } from "@/lib/portal/load-portal-reviews";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { approveProductAction, declineProductAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("reviews.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const ReviewsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "reviews", load: (ctx) => loadPortalReviews(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const t = getTranslator(frame.locale, "portal-catalogue");
      const manage = can(member.permissions, "catalogue:write");
      const waiting = games.reduce((n, g) => n + g.pendingCount, 0);
      return (
        <PortalPageShell
          {...frame}
          title={t("reviews.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700" data-testid="waiting">
                {t("reviews.waiting", { count: waiting })} {t("reviews.explain")}
              </p>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("reviews.noGames", { environment })}</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              {g.pending.length === 0 ? (
                <p className="mt-3 text-sm text-slate-700">{t("reviews.noneWaiting")}</p>
              ) : (
                <ul className="mt-4 space-y-4" aria-label={t("reviews.waitingIn", { game: g.name })}>
                  {g.pending.map((p) => (
                    <ReviewItem
                      key={p._id}
                      product={p}
                      currencies={g.currencies}
                      approve={manage ? approveProductAction.bind(null, { businessId, productId: p._id }) : undefined}
                      decline={manage ? declineProductAction.bind(null, { businessId, productId: p._id }) : undefined}
                      locale={frame.locale}
                    />
                  ))}
                </ul>
              )}
              {g.decided.length ? (
                <>
                  <h3 className="mt-6 text-sm font-semibold text-slate-900">{t("reviews.latest")}</h3>
                  <ul className="mt-2 space-y-2" aria-label={t("reviews.latestIn", { game: g.name })}>
                    {g.decided.map((p) => (
                      <li key={p._id} className="flex min-w-0 items-center gap-3 text-sm" data-testid={`decided-${p._id}`}>
                        <ProductImage url={p.imageUrl} size="size-10" />
                        <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-slate-900">
                          {p.name} <span className="text-slate-600">· {priceLine(p, t("noPrice"))}</span>
                          {p.status === "declined" && p.reviewNote ? (
                            <span className="block text-xs text-slate-600">{t("reviews.reason", { reason: p.reviewNote })}</span>
                          ) : null}
                        </span>
                        <Badge tone={p.status === "active" ? "success" : "danger"}>{t(p.status === "active" ? "reviews.approved" : "reviews.declined")}</Badge>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </NamedCard>
          ))}
        </PortalPageShell>
      );
    },
  );
};

export default ReviewsPage;
