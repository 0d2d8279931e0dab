// /portal/{businessId}/reviews: the player-made products waiting for a decision in each game of the
// selected environment, with their images. Roles that may change the catalogue approve (with overrides) or
// decline with a reason, through the review route's service; the latest decisions are listed below.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { priceLine, ProductImage } from "@/components/portal/catalogue-product-item";
import { environmentOf } from "@/components/portal/env-href";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReviewItem } from "@/components/portal/review-item";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { loadPortalReviews } from "@/lib/portal/load-portal-reviews";
import { can } from "@/lib/portal/permissions";
import { loadPortalPage, RefusedPage, SignInCard } from "../../_lib/page";
import { approveProductAction, declineProductAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Reviews · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const ReviewsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalReviews(ctx, { businessId, environment }));
  if (page.kind === "signed-out") return <SignInCard environment={environment} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={environment} current="reviews" />;
  const { member, games } = page.value;
  const manage = can(member.permissions, "catalogue:write");
  const waiting = games.reduce((n, g) => n + g.pendingCount, 0);
  return (
    <PortalFrame
      email={page.email}
      business={member.business}
      roles={member.roles}
      permissions={member.permissions}
      environment={environment}
      current="reviews"
    >
      <Card labelledBy="title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
            Player-made products
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700" data-testid="waiting">
          {waiting === 0
            ? "Nothing is waiting for review."
            : waiting === 1
              ? "1 product is waiting for review."
              : `${waiting} products are waiting for review.`}{" "}
          Players submit products they made through your game; an approved one is sold like your own.
        </p>
        {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet.</p> : null}
      </Card>
      {games.map((g) => (
        <Card key={g.id} labelledBy={`game-${g.id}`}>
          <h2 id={`game-${g.id}`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {g.name}
          </h2>
          {g.pending.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No products waiting.</p>
          ) : (
            <ul className="mt-4 space-y-4" aria-label={`Waiting in ${g.name}`}>
              {g.pending.map((p) => (
                <ReviewItem
                  key={p._id}
                  product={p}
                  currencies={g.currencies}
                  approve={manage ? approveProductAction.bind(null, businessId, p._id) : undefined}
                  decline={manage ? declineProductAction.bind(null, businessId, p._id) : undefined}
                />
              ))}
            </ul>
          )}
          {g.decided.length ? (
            <>
              <h3 className="mt-6 text-sm font-semibold text-slate-900">Latest decisions</h3>
              <ul className="mt-2 space-y-2" aria-label={`Latest decisions in ${g.name}`}>
                {g.decided.map((p) => (
                  <li key={p._id} className="flex min-w-0 items-center gap-3 text-sm" data-testid={`decided-${p._id}`}>
                    <ProductImage url={p.imageUrl} size="size-10" />
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere] text-slate-900">
                      {p.name} <span className="text-slate-600">· {priceLine(p)}</span>
                      {p.status === "declined" && p.reviewNote ? <span className="block text-xs text-slate-600">Reason: {p.reviewNote}</span> : null}
                    </span>
                    <Badge tone={p.status === "active" ? "success" : "danger"}>{p.status === "active" ? "Approved" : "Declined"}</Badge>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
      ))}
    </PortalFrame>
  );
};

export default ReviewsPage;
