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
import { listPortalBusinesses } from "@/lib/portal/list-portal-businesses";
import { SignInCard } from "./_lib/page";
import { getPortalLocale, getPortalLocaleSetting } from "./_lib/portal-locale";
import { createBusinessAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Developer portal · Coinop" }, robots: { index: false } };

type Props = { searchParams: Promise<{ env?: string | string[]; mode?: string | string[] }> };

const PortalHome = async ({ searchParams }: Props) => {
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const player = await getSignedInPlayer();
  const locale = await getPortalLocale();
  if (!player) return <SignInCard environment={environment} locale={locale} mode={query.mode === "signup" ? "signup" : undefined} />;
  const memberships = await listPortalBusinesses({ db: getDb() }, { player });
  return (
    <PortalFrame email={player.email} environment={environment} locale={locale} contentLang="en" languageSetting={await getPortalLocaleSetting()}>
      <Card labelledBy="title">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Your businesses
        </h1>
        {memberships.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            {player.email} is not a member of any business yet. Create one below, or ask an owner or admin of your business to invite this email.
          </p>
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
          {memberships.length === 0 ? "Create a business" : "Create another business"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">A test business, with you as its owner. Invite your team from its Members page.</p>
        <div className="mt-4">
          <PortalForm action={createBusinessAction} label="Create a business" submit="Create business" pendingLabel="Creating…">
            <Field id="business-name" label="Business name" hint="Unique among test businesses.">
              {(c) => <Input {...c} name="name" required maxLength={200} autoComplete="organization" />}
            </Field>
          </PortalForm>
        </div>
      </Card>
    </PortalFrame>
  );
};

export default PortalHome;
