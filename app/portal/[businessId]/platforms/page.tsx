// /portal/{businessId}/platforms: the platform console's start: the partner platforms the business registered
// (each links to its keys, scopes, webhooks, connected businesses and request log) and, for members with
// platforms:write, the form that registers one (name and description). A platform registered here belongs to
// the business: no other business sees it.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { loadPortalPlatforms } from "@/lib/portal/load-portal-platforms";
import { can } from "@/lib/portal/permissions";
import { formatNumber } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { registerPlatformAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("platforms.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const PlatformsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatforms(ctx, { businessId }) },
    ({ member, platforms }, frame) => {
      const { locale } = frame;
      const t = getTranslator(locale, "portal-more");
      return (
        <PortalPageShell
          {...frame}
          title={t("platforms.title")}
          translated
          badge={null}
          intro={
            <p className="mt-2 text-sm text-slate-700">
              {t.rich("platforms.intro", { code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}
            </p>
          }
        >
          <Card labelledBy="yours">
            <h2 id="yours" className="text-lg font-semibold text-slate-900">
              {t("platforms.yours")}
            </h2>
            {platforms.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("platforms.none")}</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={t("platforms.yours")}>
                {platforms.map((p) => (
                  <li key={p.id} className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`platform-${p.id}`}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <a className={`${textLinkClass} min-w-0 [overflow-wrap:anywhere]`} href={envHref(`/portal/${businessId}/platforms/${p.id}`, environment)}>
                        {p.name}
                      </a>
                      <div className="flex flex-wrap gap-2">
                        {p.pendingScopes.length ? <Badge tone="warning">{t("platforms.pendingScopes", { count: p.pendingScopes.length })}</Badge> : null}
                        <Badge tone={p.status === "active" ? "success" : "neutral"}>{p.status}</Badge>
                      </div>
                    </div>
                    {p.description ? <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">{p.description}</p> : null}
                    <p className="mt-2 text-xs text-slate-600">
                      {t("platforms.summary", {
                        keys: formatNumber(locale, p.keys),
                        keyCount: p.keys,
                        connected: formatNumber(locale, p.connected),
                        connectedCount: p.connected,
                      })}{" "}
                      <code className="font-mono">{p.id}</code>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {can(member.permissions, "platforms:write") ? (
            <Card labelledBy="register">
              <h2 id="register" className="text-lg font-semibold text-slate-900">
                {t("platforms.register")}
              </h2>
              <div className="mt-4 max-w-xl">
                <PortalForm
                  action={registerPlatformAction.bind(null, { businessId })}
                  label={t("platforms.register")}
                  submit={t("platforms.registerSubmit")}
                  pendingLabel={t("platforms.registering")}
                  keepValuesOnError
                >
                  <Field id="platform-name" label={t("platforms.name")} hint={t("platforms.nameHint")}>
                    {(c) => <Input {...c} name="name" required maxLength={100} autoComplete="off" />}
                  </Field>
                  <Field id="platform-description" label={t("platforms.description")}>
                    {(c) => <Input {...c} name="description" maxLength={500} autoComplete="off" />}
                  </Field>
                </PortalForm>
              </div>
            </Card>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default PlatformsPage;
