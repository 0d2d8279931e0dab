// The hosted wallet page: /wallet/{token}, opened from the signed link of POST /v1/wallet/manage. It shows
// the player's wallet address (with its network and a copy button), USDC balance and latest movements, in
// the browser's language. The token is the credential (1 hour).
import type { Metadata } from "next";
import { CopyButton } from "@/components/hosted/copy-button";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { getDb } from "@/lib/db/client";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatDate, formatDecimal } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { loadWalletPage, OTHER_ACTIVITY, type WalletHistoryEntry } from "@/lib/wallet/load-wallet-page";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const page = await loadWalletPage({ db: getDb() }, { token: (await params).token });
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "wallet");
  if (!page.ok) return hostedMetadata({ locale, title: t(page.reason === "expired" ? "meta.expiredTitle" : "meta.invalidTitle") });
  return hostedMetadata({
    locale,
    title: t("meta.title", { game: page.gameName }),
    description: t("meta.description"),
    siteName: page.gameName || undefined,
    imageUrl: page.gameImageUrl || null,
  });
};

const History = ({ entries, locale, t }: { entries: WalletHistoryEntry[]; locale: Locale; t: Translator }) =>
  entries.length === 0 ? (
    <p className="mt-3 rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{t("noActivity")}</p>
  ) : (
    <ul className="mt-3 divide-y divide-slate-100" aria-label={t("activityLabel")}>
      {entries.map((e) => (
        <li key={e.id} className="flex items-start justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
              {e.description === OTHER_ACTIVITY ? t("otherActivity") : e.description || (e.direction === "in" ? t("received") : t("sent"))}
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={e.at}>{formatDate(locale, e.at)}</time>
            </p>
          </div>
          <p className={`shrink-0 text-sm font-semibold tabular-nums ${e.direction === "in" ? "text-emerald-700" : "text-slate-900"}`}>
            <span className="sr-only">{e.direction === "in" ? t("received") : t("spent")} </span>
            <span aria-hidden="true">{e.direction === "in" ? "+" : "−"}</span>
            {formatDecimal(locale, e.amount)} USDC
          </p>
        </li>
      ))}
    </ul>
  );

const WalletPage = async ({ params }: Props) => {
  const { token } = await params;
  const page = await loadWalletPage({ db: getDb() }, { token });
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "wallet");
  if (!page.ok)
    return (
      <HostedLayout locale={locale}>
        <Card labelledBy="title">
          <StateMessage
            tone={page.reason === "expired" ? "warning" : "error"}
            title={page.reason === "expired" ? t("expiredTitle") : t("invalidTitle")}
            headingId="title"
          >
            {t("linkHelp")}
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  const network = t.has(`networks.${page.network}`) ? t(`networks.${page.network}`) : page.network;
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <MerchantHeader
          locale={locale}
          merchant={{ kind: "game", name: page.gameName, imageUrl: page.gameImageUrl || null, environment: page.environment === "live" ? "live" : "test" }}
        />
        <h1 id="title" className="mt-6 text-sm font-medium text-slate-600">
          {t("balance")}
        </h1>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {formatDecimal(locale, page.balance)} <span className="text-lg font-medium text-slate-600">USDC</span>
        </p>
        <div className="mt-6">
          <h2 className="text-sm font-medium text-slate-600" id="address-label">
            {t("address")}
          </h2>
          <div className="mt-1 flex flex-wrap items-stretch gap-2">
            <p
              aria-labelledby="address-label"
              className="min-w-0 flex-1 basis-48 rounded-lg bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset select-all [overflow-wrap:anywhere]"
              data-testid="wallet-address"
            >
              {page.address}
            </p>
            <CopyButton value={page.address} words={{ copy: t("copyAddress"), copied: t("copied"), announced: t("addressCopied"), failed: t("copyFailed") }} />
          </div>
          <dl className="mt-3 text-sm">
            <dt className="font-medium text-slate-600">{t("network")}</dt>
            <dd className="mt-0.5 text-slate-900" data-testid="wallet-network">
              {network}
            </dd>
          </dl>
          <p className="mt-2 text-xs leading-5 text-slate-600">{t("networkWarning")}</p>
        </div>
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h2 className="text-base font-semibold text-slate-900">{t("activity")}</h2>
          <History entries={page.history} locale={locale} t={t} />
        </div>
        <p className="mt-6 text-xs text-slate-600">
          {t.rich("private", { date: formatDate(locale, page.expiresAt), time: (chunks) => <time dateTime={page.expiresAt}>{chunks}</time> })}
        </p>
      </Card>
    </HostedLayout>
  );
};

export default WalletPage;
