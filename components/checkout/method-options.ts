import type { VcOption } from "@/lib/checkout/describe-checkout";
import type { WalletBalance } from "@/lib/checkout/wallet-balance";
import { formatDecimal, formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "./translate";

export type MethodOption = {
  value: string;
  label: string;
  detail: string;
  amountLabel: string;
  /** why this method cannot be used now (a balance too low), or null */
  disabledReason: string | null;
};

/** Virtual-currency units with the currency's code, in the page's language ("1,000 GEMS", "1 000 GEMS"). */
export const formatUnits = (locale: Locale, amount: number, code: string): string => `${formatNumber(locale, amount)} ${code}`;

/**
 * The methods this payer may use on this checkout. `balances` is false for a guest, and for a signed-in
 * player on a grant made for another account: the wallet and the game's currencies are then not offered at
 * all (the page says why and offers to sign in), and the server refuses them the same way
 * (lib/checkout/resolve-payer.ts). The wallet and each currency show the payer's balance; one too low for
 * the price is shown disabled, with the balance and the reason.
 */
export const methodOptions = ({
  methods,
  usd,
  vc,
  wallet,
  balances,
  locale,
  t,
}: {
  methods: string[];
  usd: { final: number } | null;
  vc: VcOption[];
  /** the signed-in payer's wallet balance, when known */
  wallet: WalletBalance | null;
  balances: boolean;
  locale: Locale;
  t: Translate;
}): MethodOption[] => {
  const out: MethodOption[] = [];
  const price = usd ? formatMoney(locale, usd.final, "USD") : "";
  if (methods.includes("card") && usd)
    out.push({ value: "card", label: t("method.card"), detail: t("method.cardDetail"), amountLabel: price, disabledReason: null });
  if (!balances) return out;
  if (methods.includes("wallet") && usd) {
    const balance = wallet ? `${formatDecimal(locale, wallet.usdc)} USDC` : null;
    out.push({
      value: "wallet",
      label: t("method.wallet"),
      detail: balance ? t("method.balance", { amount: balance }) : t("method.walletDetail"),
      amountLabel: price,
      disabledReason: wallet && balance && !wallet.covers ? t("method.balanceLow", { amount: balance }) : null,
    });
  }
  for (const v of vc) {
    const balance = v.balance !== null ? formatUnits(locale, v.balance, v.code) : null;
    out.push({
      value: `vc:${v.currencyId}`,
      label: v.name,
      detail: balance ? t("method.balance", { amount: balance }) : t("method.vcDetail", { code: v.code }),
      amountLabel: formatUnits(locale, v.amount, v.code),
      disabledReason: balance && v.balance! < v.amount ? t("method.balanceLow", { amount: balance }) : null,
    });
  }
  return out;
};
