// /portal: the developer portal's front door. Signed out: the hosted pages' sign-in (a verified email;
// ?mode=signup opens it on "Create an account", the landing page's link).
// Signed in: the businesses the player is a member of, with their roles; each leads to its Overview; and
// "Create a business" (a test business with the player as its owner).
import type { Metadata } from "next";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/translator";
import { listPortalBusinesses } from "@/lib/portal/list-portal-businesses";
import { SignInCard } from "./_lib/page";
import { getPortalLocale, getPortalLocaleSetting } from "./_lib/portal-locale";
import { createBusinessAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("home.metaTitle") },
  robots: { index: false },
});

type Props = { searchParams: Promise<{ env?: string | string[]; mode?: string | string[] }> };

const PortalHome = async ({ searchParams }: Props) => {
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const player = await getSignedInPlayer();
  const locale = await getPortalLocale();
  if (!player) return <SignInCard environment={environment} locale={locale} mode={query.mode === "signup" ? "signup" : undefined} />;
  const memberships = await listPortalBusinesses({ db: getDb() }, { player });
  const t = getTranslator(locale, "portal-more");
  return (
    <PortalFrame email={player.email} environment={environment} locale={locale} languageSetting={await getPortalLocaleSetting()}>
      <Card labelledBy="title">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("home.title")}
        </h1>
        {memberships.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">{t("home.noBusiness", { email: player.email })}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {memberships.map((m) => (
              <li
                key={m.business.id}
                className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset"
              >
                <a className={`${textLinkClass} [overflow-wrap:anywhere]`} href={envHref(`/portal/${m.business.id}`, environment)}>
                  {m.business.name}
                </a>
                <span className="flex items-center gap-2 text-xs text-slate-600">
                  {m.roles.join(", ")}
                  {m.business.environment === "test" ? <TestModeBadge /> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card labelledBy="new-business-title">
        <h2 id="new-business-title" className="text-lg font-semibold text-slate-900">
          {t(memberships.length === 0 ? "home.create" : "home.createAnother")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("home.createIntro")}</p>
        <div className="mt-4">
          <PortalForm action={createBusinessAction} label={t("home.create")} submit={t("home.submit")} pendingLabel={t("home.pending")}>
            <Field id="business-name" label={t("home.nameLabel")} hint={t("home.nameHint")}>
              {(c) => <Input {...c} name="name" required maxLength={200} autoComplete="organization" />}
            </Field>
          </PortalForm>
        </div>
      </Card>
    </PortalFrame>
  );
};

export default PortalHome;
