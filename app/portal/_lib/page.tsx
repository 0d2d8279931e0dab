// What every /portal/{businessId}/… page does first, on the server: who is signed in, and whether the
// member's role allows the page. Signed out: the sign-in form. Not a member (or an unknown id, or another
// business's game): 404. A role without the permission: the page says so, and shows nothing of its data.
// Then the page itself: the portal's frame with the member's business, roles and nav, and its title card
// (the heading and the test/live badge). `portalPage` does the first part, PortalPageShell
// (components/portal/portal-page-shell.tsx) the second.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { requestResetAction, signUpAction } from "../../account/actions";
import { AuthForm, type AuthMode } from "@/components/hosted/auth-form";
import { ErrorNotice } from "@/components/hosted/state-message";
import { PortalFrame, type NavKey } from "@/components/portal/portal-frame";
import { PortalPageShell, type PortalShellFrame } from "@/components/portal/portal-page-shell";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { isDeveloperLoginEnabled } from "@/lib/config/settings";
import type { Environment } from "@/lib/core/environment";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalRead } from "@/lib/portal/load-portal-read";
import { pageContext, type PortalContext, type PortalMember } from "@/lib/portal/require-portal-access";
import { getPortalLocale, getPortalLocaleSetting } from "./portal-locale";
import { getPortalPlayer } from "./portal-player";

const NOT_FOUND = new Set([
  "BUSINESS_NOT_FOUND",
  "GAME_NOT_FOUND",
  "API_KEY_NOT_FOUND",
  "CAMPAIGN_NOT_FOUND",
  "CURRENCY_NOT_FOUND",
  "USER_REF_NOT_FOUND",
  "CASHOUT_NOT_FOUND",
  "PLATFORM_NOT_FOUND",
  "INVOICE_NOT_FOUND",
]);

/** The portal's sign-in (`mode` "signup": the form opens on "Create an account", the landing page's link). */
export const SignInCard = ({ environment, mode, locale }: { environment: Environment; mode?: AuthMode; locale: Locale }) => {
  const t = getTranslator(locale, "portal-more");
  return (
    <PortalFrame environment={environment} locale={locale}>
      <Card labelledBy="title" className="mx-auto w-full max-w-md">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t("signIn.title")}
        </h1>
        <div className="mt-6">
          <AuthForm mail={{ signUp: signUpAction, requestReset: requestResetAction }} defaultMode={mode} locale={locale} intro={t("signIn.intro")} />
        </div>
      </Card>
      {isDeveloperLoginEnabled() ? (
        <p className="mx-auto w-full max-w-md text-center text-sm text-slate-700">
          {t.rich("signIn.seedPrinted", { code: (chunks) => <code>{chunks}</code> })}{" "}
          <a className={textLinkClass} href="/portal/developer-login">
            {t("signIn.useDeveloperLogin")}
          </a>
        </p>
      ) : null}
    </PortalFrame>
  );
};

/** A path segment as text (Next.js may hand it over still percent-encoded; a malformed escape stays as it is). */
export const segmentText = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export type PortalPage<T> =
  { kind: "signed-out" } | { kind: "refused"; member: PortalMember; message: string; email: string } | { kind: "ok"; value: T; email: string };

/**
 * Runs a portal loader for the signed-in player; 404s for a stranger, a refusal for a role without the permission.
 * `reads: "replica"`: the loader only reads, and runs on a streaming replica that has the member's own last write
 * (lib/portal/load-portal-read.ts); without DATABASE_REPLICA_URL it changes nothing.
 */
export const loadPortalPage = async <T,>(businessId: string, load: (ctx: PortalContext) => Promise<T>, reads?: "replica"): Promise<PortalPage<T>> => {
  const player = await getPortalPlayer();
  if (!player) return { kind: "signed-out" };
  const ctx = pageContext(getDb(), player);
  try {
    return { kind: "ok", value: reads === "replica" ? await loadPortalRead(player, load) : await load(ctx), email: player.email };
  } catch (err) {
    if (err instanceof AppError && NOT_FOUND.has(err.code)) notFound();
    if (err instanceof AppError && err.code === "PORTAL_ROLE_REQUIRED") {
      const member = (await ctx.memberships!()).find((m) => m.business.id === businessId);
      if (member) return { kind: "refused", member, message: err.message, email: player.email };
    }
    throw err;
  }
};

/**
 * Loads a portal page for the signed-in player and renders it: the sign-in card when nobody is signed in, a
 * 404 for a stranger, the refusal (in the frame, none of the page's data) for a role without the permission,
 * else `render(value, frame)`, which draws the page in a PortalPageShell. `environment` is the one the URL
 * asked for; a page about one object (a game, a campaign, a player) shows that object's instead. `reads:
 * "replica"` for a page whose loader never writes (see loadPortalPage).
 */
export const portalPage = async <T extends { member: PortalMember }>(
  {
    businessId,
    environment,
    current,
    load,
    reads,
  }: { businessId: string; environment: Environment; current: NavKey; load: (ctx: PortalContext) => Promise<T>; reads?: "replica" },
  render: (value: T, frame: PortalShellFrame) => ReactNode,
): Promise<ReactNode> => {
  const page = await loadPortalPage(businessId, load, reads);
  const locale = await getPortalLocale();
  if (page.kind === "signed-out") return <SignInCard environment={environment} locale={locale} />;
  const languageSetting = await getPortalLocaleSetting();
  if (page.kind === "refused")
    return (
      <PortalPageShell
        email={page.email}
        member={page.member}
        environment={environment}
        current={current}
        locale={locale}
        languageSetting={languageSetting}
        title={getTranslator(locale, "portal")("frame.refused")}
        badge={null}
        intro={
          <div className="mt-4">
            <ErrorNotice>{page.message}</ErrorNotice>
          </div>
        }
      />
    );
  return render(page.value, { email: page.email, member: page.value.member, environment, current, locale, languageSetting });
};
