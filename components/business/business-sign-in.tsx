// What a signed-out visitor meets on a business page (home, connected platforms, verification, an invite,
// the sign-in link): the page's heading, an optional line under it, and the players' sign-in form.
import { AuthForm } from "@/components/hosted/auth-form";
import type { MailActions } from "@/lib/hosted/form-state";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/locales";

export const BusinessSignIn = ({
  locale,
  heading,
  lead,
  intro,
  balance = false,
  mail,
}: {
  locale: Locale;
  heading: string;
  /** a paragraph under the heading */
  lead?: string;
  /** the sign-in form's own intro line */
  intro?: string;
  /** balance the heading's lines (a long heading) */
  balance?: boolean;
  /** the sign-up and reset actions (app/account/actions.ts, passed by the page) */
  mail: MailActions;
}) => (
  <HostedLayout locale={locale}>
    <Card labelledBy="title">
      <h1 id="title" className={`text-2xl font-semibold tracking-tight ${balance ? "text-balance " : ""}text-slate-900`}>
        {heading}
      </h1>
      {lead ? <p className="mt-2 text-sm leading-6 text-slate-700">{lead}</p> : null}
      <div className="mt-6">
        <AuthForm locale={locale} mail={mail} intro={intro} />
      </div>
    </Card>
  </HostedLayout>
);
