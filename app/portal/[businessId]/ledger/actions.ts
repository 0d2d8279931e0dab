"use server";
// The ledger page's server actions: create a currency and change a currency's cashout rate. Each is one
// portalAction calling one lib/portal service, which checks the member's role first and validates with the
// /v1 schemas. The business, game and currency are bound by the page. The form's own words (its field
// errors and the success line) are in the member's language ("portal-money" catalog).
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { textField } from "@/lib/hosted/action";
import { getTranslator } from "@/lib/i18n/translator";
import { createPortalCurrency } from "@/lib/portal/create-portal-currency";
import { usdcIn } from "@/lib/portal/money-locale-format";
import { setCurrencyRate } from "@/lib/portal/set-currency-rate";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

const wordsOf = async () => {
  const locale = await getPortalLocale();
  return { locale, t: getTranslator(locale, "portal-money") };
};

export const createCurrencyAction = async (bound: Bound & { gameId: string }, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const { locale, t } = await wordsOf();
  return portalAction(
    z.object({
      code: textField(40, t("ledgerActions.codeTooLong")),
      name: textField(200, t("ledgerActions.nameTooLong")),
      baseUnitsPerVcUnit: textField(40, t("ledgerActions.rateTooLong")),
    }),
    (ctx, input, { businessId, gameId }: Bound & { gameId: string }) => createPortalCurrency(ctx, { businessId, gameId, ...input }),
    (c) => ({ notice: t("ledgerActions.created", { code: c.code, name: c.name, usdc: usdcIn(locale, c.baseUnitsPerVcUnit) }) }),
    { doing: "creating a currency" },
  )(bound, prev, form);
};

export const setRateAction = async (bound: Bound & { currencyId: string }, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const { locale, t } = await wordsOf();
  return portalAction(
    z.object({ baseUnitsPerVcUnit: textField(40, t("ledgerActions.rateTooLong")) }),
    (ctx, { baseUnitsPerVcUnit }, { businessId, currencyId }: Bound & { currencyId: string }) =>
      setCurrencyRate(ctx, { businessId, currencyId, baseUnitsPerVcUnit }),
    (c) => ({ notice: t("ledgerActions.rateChanged", { code: c.code, usdc: usdcIn(locale, c.baseUnitsPerVcUnit) }) }),
    { doing: "changing a cashout rate" },
  )(bound, prev, form);
};
