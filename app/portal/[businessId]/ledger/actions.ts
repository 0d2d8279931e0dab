"use server";
// The ledger page's server actions: create a currency and change a currency's cashout rate. Each is one
// portalAction calling one lib/portal service, which checks the member's role first and validates with the
// /v1 schemas. The business, game and currency are bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createPortalCurrency } from "@/lib/portal/create-portal-currency";
import { formatUsdc } from "@/lib/portal/ledger-format";
import { setCurrencyRate } from "@/lib/portal/set-currency-rate";
import { portalAction, type Bound } from "../../_lib/answer";

const CurrencyForm = z.object({
  code: textField(40, "The code is too long."),
  name: textField(200, "The name is too long."),
  baseUnitsPerVcUnit: textField(40, "The rate is too long."),
});

export const createCurrencyAction = portalAction(
  CurrencyForm,
  (ctx, input, { businessId, gameId }: Bound & { gameId: string }) => createPortalCurrency(ctx, { businessId, gameId, ...input }),
  (c) => ({ notice: `Currency ${c.code} (“${c.name}”) created at ${formatUsdc(c.baseUnitsPerVcUnit)} USDC a unit.` }),
  { doing: "creating a currency" },
);

const RateForm = z.object({ baseUnitsPerVcUnit: textField(40, "The rate is too long.") });

export const setRateAction = portalAction(
  RateForm,
  (ctx, { baseUnitsPerVcUnit }, { businessId, currencyId }: Bound & { currencyId: string }) =>
    setCurrencyRate(ctx, { businessId, currencyId, baseUnitsPerVcUnit }),
  (c) => ({ notice: `${c.code} now cashes out at ${formatUsdc(c.baseUnitsPerVcUnit)} USDC a unit. Pending requests keep their rate.` }),
  { doing: "changing a cashout rate" },
);
