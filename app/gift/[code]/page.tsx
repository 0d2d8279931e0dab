// The hosted gift claim page: /gift/{code}. The recipient signs in (or signs up and confirms their email) with
// the address the gift was sent to, then claims it into their wallet. Each code works once. Gifts carry no
// metadata, so the page speaks the browser's language (Accept-Language); the amount is written its way.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { cache } from "react";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getSignedInPlayer, type SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { loadGiftPage, type GiftPage } from "@/lib/gifts/load-gift-page";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { requestResetAction, signUpAction } from "../../account/actions";
import { claimGiftAction } from "./actions";

type Props = { params: Promise<{ code: string }> };

export const dynamic = "force-dynamic";

/** A gift is USDC, one for one with the US dollar: its amount is written as dollars, with the code. */
const amountOf = (locale: Locale, page: GiftPage) => formatMoney(locale, page.amountCents, "USD");

const TITLE_KEY: Record<GiftPage["state"], string> = {
  funded: "meta.title",
  claimed: "meta.claimedTitle",
  cancelled: "meta.cancelledTitle",
  pending: "meta.pendingTitle",
};

/** The page's data, once per request (the metadata and the page both need it). */
const load = cache(async (code: string) => {
  const player = await getSignedInPlayer();
  return { player, page: await loadGiftPage({ db: getDb() }, { code, player }) };
});

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { page } = await load((await params).code);
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "gift");
  if (!page) return hostedMetadata({ locale, title: t("meta.notFoundTitle"), description: t("meta.notFoundDescription") });
  const sender = page.senderName || t("fallbackSender");
  return hostedMetadata({
    locale,
    title: t(TITLE_KEY[page.state], { sender }),
    description: t("meta.description", { sender, amount: amountOf(locale, page) }),
    siteName: page.senderName || undefined,
  });
};

const strong = (chunks: ReactNode) => <span className="font-semibold [overflow-wrap:anywhere]">{chunks}</span>;

const Claimable = ({ code, page, player, locale, t }: { code: string; page: GiftPage; player: SignedInPlayer | null; locale: Locale; t: Translator }) => {
  const amount = amountOf(locale, page);
  return (
    <>
      <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {t("heading", { sender: page.senderName || t("fallbackSender"), amount })}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">{t.rich("intro", { email: page.recipientEmail, strong })}</p>
      <div className="mt-6 space-y-5">
        {player ? (
          <>
            <SignedInAs email={player.email} locale={locale} />
            {page.isRecipient ? (
              <form action={claimGiftAction.bind(null, code)}>
                <SubmitButton pendingLabel={t("claiming")}>{t("claim", { amount })}</SubmitButton>
              </form>
            ) : (
              <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
                {t("otherRecipient")}
              </p>
            )}
          </>
        ) : (
          <AuthForm locale={locale} mail={{ signUp: signUpAction, requestReset: requestResetAction }} intro={t("signInIntro")} />
        )}
      </div>
    </>
  );
};

const Final = ({ page, locale, t }: { page: GiftPage; locale: Locale; t: Translator }) => {
  switch (page.state) {
    case "claimed":
      return page.claimedByMe ? (
        <StateMessage tone="success" title={t("claimed.title")} headingId="title">
          <p>{t("claimed.body", { amount: amountOf(locale, page) })}</p>
          <p className="mt-2">{t("claimed.close")}</p>
        </StateMessage>
      ) : (
        <StateMessage tone="info" title={t("alreadyClaimed.title")} headingId="title">
          <p>{t("alreadyClaimed.body")}</p>
        </StateMessage>
      );
    case "cancelled":
      return (
        <StateMessage tone="warning" title={t("cancelled.title")} headingId="title">
          <p>{t("cancelled.body")}</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="info" title={t("pending.title")} headingId="title">
          <p>{t("pending.body")}</p>
        </StateMessage>
      );
  }
};

const GiftClaimPage = async ({ params }: Props) => {
  const { code } = await params;
  const { player, page } = await load(code);
  if (!page) notFound();
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "gift");
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        {page.testMode ? (
          <div className="mb-4 flex justify-end">
            <TestModeBadge locale={locale} />
          </div>
        ) : null}
        {page.state === "funded" ? <Claimable code={code} page={page} player={player} locale={locale} t={t} /> : <Final page={page} locale={locale} t={t} />}
      </Card>
    </HostedLayout>
  );
};

export default GiftClaimPage;
