import type { VcOption } from "@/lib/checkout/describe-checkout";
import { formatCents, formatUnits } from "./format";

export type MethodOption = { value: string; label: string; detail: string; amountLabel: string; disabledReason: string | null };

/**
 * The method choices of a checkout view, with why a method cannot be used right now. `balanceBlocked` is
 * why the payer may not spend a balance here (a guest; a grant made for another account), or null: the
 * server refuses the same cases (lib/checkout/resolve-payer.ts), this only explains them.
 */
export const methodOptions = ({
  methods,
  usd,
  vc,
  balanceBlocked,
}: {
  methods: string[];
  usd: { final: number } | null;
  vc: VcOption[];
  balanceBlocked: string | null;
}): MethodOption[] => {
  const out: MethodOption[] = [];
  const needsAccount = balanceBlocked;
  if (methods.includes("card") && usd)
    out.push({ value: "card", label: "Card", detail: "Visa, Mastercard, American Express", amountLabel: formatCents(usd.final), disabledReason: null });
  if (methods.includes("wallet") && usd)
    out.push({
      value: "wallet",
      label: "Wallet (USDC)",
      detail: "Pay from your Coinop wallet",
      amountLabel: formatCents(usd.final),
      disabledReason: needsAccount,
    });
  for (const v of vc) {
    const low = v.balance !== null && v.balance < v.amount ? `Your balance: ${formatUnits(v.balance, v.code)} (not enough)` : null;
    out.push({
      value: `vc:${v.currencyId}`,
      label: v.name,
      detail: v.balance !== null ? `Your balance: ${formatUnits(v.balance, v.code)}` : `Pay with ${v.code}`,
      amountLabel: formatUnits(v.amount, v.code),
      disabledReason: needsAccount ?? low,
    });
  }
  return out;
};
