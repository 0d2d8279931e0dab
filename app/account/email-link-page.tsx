// The page behind a mailed link (sign-up verification, password reset). Opening it (a GET, which mail
// scanners and link previews also do) only shows a form: nothing is used until the player submits it.
// In the browser's language; the verify form offers "Forgot password?" (a reset link for the same email).
// The stored returnTo is checked again (a token stored before the rule was tightened), and once more by the
// form before it navigates (lib/core/return-to.ts).
import type { Metadata } from "next";
import { EmailLinkForm } from "@/components/hosted/email-link-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { IntlProvider } from "@/components/hosted/intl-provider";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { findUsableEmailToken } from "@/lib/auth/consume-email-token";
import { checkReturnTo } from "@/lib/auth/credentials";
import type { EmailTokenPurpose } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { Card } from "@/components/ui/card";
import { requestResetAction } from "./actions";

const COPY: Record<EmailTokenPurpose, "verify" | "reset"> = { verify_email: "verify", reset_password: "reset" };

/** The tab title and preview of a mailed link's page. */
export const emailLinkMetadata = async (purpose: EmailTokenPurpose): Promise<Metadata> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "account");
  return hostedMetadata({ locale, title: t(`${COPY[purpose]}.title`), description: t(`${COPY[purpose]}.description`) });
};

export const EmailLinkPage = async ({ token, purpose }: { token: string; purpose: EmailTokenPurpose }) => {
  const link = await findUsableEmailToken({ db: getDb() }, { token, purpose });
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "account");
  const copy = COPY[purpose];
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        {link ? (
          <IntlProvider locale={locale} namespace="auth">
            <EmailLinkForm
              mode={copy}
              token={token}
              email={link.email}
              returnTo={checkReturnTo(link.returnTo)}
              title={t(`${copy}.title`)}
              intro={t(`${copy}.intro`)}
              requestReset={copy === "verify" ? requestResetAction : undefined}
            />
          </IntlProvider>
        ) : (
          <StateMessage tone="warning" title={t("linkDead")} headingId="title">
            <p>{t(`${copy}.expired`)}</p>
          </StateMessage>
        )}
      </Card>
    </HostedLayout>
  );
};
