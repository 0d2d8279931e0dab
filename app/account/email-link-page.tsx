// The page behind a mailed link (sign-up verification, password reset). Opening it (a GET, which mail
// scanners and link previews also do) only shows a form: nothing is used until the player submits it.
import { EmailLinkForm } from "@/components/hosted/email-link-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { findUsableEmailToken } from "@/lib/auth/consume-email-token";
import type { EmailTokenPurpose } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { Card } from "@/components/ui/card";

const COPY: Record<EmailTokenPurpose, { title: string; intro: string; expired: string }> = {
  verify_email: {
    title: "Confirm your email",
    intro: "Enter the password you chose to finish creating your account. You'll be signed in and taken back to where you were.",
    expired: "Sign-up links work once, for one hour. Go back to the page where you signed up and create your account again to get a new one.",
  },
  reset_password: {
    title: "Choose a new password",
    intro: "Your email is confirmed by this link. Choose a new password; you'll be signed in and taken back to where you were.",
    expired:
      "Reset links work once, for one hour, and a newer link replaces older ones. Go back to the page you came from and choose “Forgot password?” to get a new one.",
  },
};

export const EmailLinkPage = async ({ token, purpose }: { token: string; purpose: EmailTokenPurpose }) => {
  const link = await findUsableEmailToken(getDb(), { token, purpose });
  const copy = COPY[purpose];
  return (
    <HostedLayout>
      <Card labelledBy="title">
        {link ? (
          <EmailLinkForm
            mode={purpose === "verify_email" ? "verify" : "reset"}
            token={token}
            email={link.email}
            returnTo={link.returnTo}
            title={copy.title}
            intro={copy.intro}
          />
        ) : (
          <StateMessage tone="warning" title="This link no longer works" headingId="title">
            <p>{copy.expired}</p>
          </StateMessage>
        )}
      </Card>
    </HostedLayout>
  );
};
