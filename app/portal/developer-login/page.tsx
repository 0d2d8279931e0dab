// /portal/developer-login: the test login `npm run seed` prints (a developer account's email and password),
// for its test business. Signed in already: the portal. Development and tests only: a 404 in production
// unless COINOP_DEVELOPER_LOGIN=1 (lib/config/settings.ts).
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { DeveloperLoginForm } from "@/components/portal/developer-login-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { isDeveloperLoginEnabled } from "@/lib/config/settings";
import { getPortalLocale } from "../_lib/portal-locale";
import { claimDeveloperLoginAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Developer login · Developer portal" }, robots: { index: false } };

const DeveloperLoginPage = async () => {
  if (!isDeveloperLoginEnabled()) notFound();
  if (await getSignedInPlayer()) redirect("/portal");
  return (
    <PortalFrame environment="test" locale={await getPortalLocale()} contentLang="en">
      <Card labelledBy="title" className="mx-auto w-full max-w-md">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Developer login
        </h1>
        <p className="mt-2 text-sm text-slate-700">
          The <code>Portal</code> email and password that <code>npm run seed</code> prints, for its test business. Everyone else signs in with their confirmed
          email.
        </p>
        <div className="mt-6">
          <DeveloperLoginForm claim={claimDeveloperLoginAction} />
        </div>
        <p className="mt-6 text-center text-sm">
          <a className={textLinkClass} href="/portal">
            Back to the sign-in
          </a>
        </p>
      </Card>
    </PortalFrame>
  );
};

export default DeveloperLoginPage;
