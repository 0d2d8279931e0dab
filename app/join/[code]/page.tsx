// The hosted page of a link invite: /join/{code}. Shows the campaign and, while the invite works, a
// Continue button that opens this visitor's own link session. Invites carry no metadata, so the page
// speaks the browser's language (Accept-Language).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader, type Merchant } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/core/errors";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { describeInvite, type InviteDescription } from "@/lib/invites/describe-invite";
import { continueWithInvite } from "./actions";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ code: string }> };

export const dynamic = "force-dynamic";

const describeOrNull = async (code: string): Promise<InviteDescription | null> => {
  try {
    return await describeInvite({ db: getDb() }, { code });
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const invite = await describeOrNull((await params).code);
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "join");
  if (!invite) return hostedMetadata({ locale, title: t("meta.notFoundTitle"), description: t("meta.notFoundDescription") });
  const name = invite.name || t("fallbackName");
  return hostedMetadata({
    locale,
    title: invite.refusal ? t("meta.unavailableTitle", { name }) : t("meta.title", { name }),
    description: invite.refusal ? t(`refusal.${invite.refusal.code}.body`) : t("meta.description", { name }),
    siteName: invite.name || undefined,
    imageUrl: invite.imageUrl,
  });
};

const JoinPage = async ({ params }: Props) => {
  const { code } = await params;
  const invite = await describeOrNull(code);
  if (!invite) notFound();
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "join");
  const merchant: Merchant = {
    kind: invite.namespaceType === "campaign" ? "campaign" : invite.namespaceType === "game" ? "game" : "business",
    name: invite.name,
    imageUrl: invite.imageUrl,
    environment: invite.environment,
  };
  const name = invite.name || t("fallbackName");
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <MerchantHeader merchant={merchant} locale={locale} />
        {invite.refusal ? (
          <div className="mt-8">
            <StateMessage tone="warning" title={t(`refusal.${invite.refusal.code}.title`)} headingId="title">
              <p>{t(`refusal.${invite.refusal.code}.body`)}</p>
              <p className="mt-2">{t("refusalNext")}</p>
            </StateMessage>
          </div>
        ) : (
          <>
            <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-balance text-slate-900">
              {t("heading", { name })}
            </h1>
            <p className="mt-2 text-sm leading-6 text-slate-700">{t("intro", { name })}</p>
            <form action={continueWithInvite.bind(null, invite.code)} className="mt-6">
              <SubmitButton pendingLabel={t("opening")}>{t("continue")}</SubmitButton>
            </form>
          </>
        )}
      </Card>
    </HostedLayout>
  );
};

export default JoinPage;
