"use server";
// The ledger page's server actions: create a currency and change a currency's cashout rate. Each runs
// through the hosted action kernel and calls one lib/portal service, which checks the member's role first
// and validates with the /v1 schemas. The business, game and currency are bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createPortalCurrency } from "@/lib/portal/create-portal-currency";
import { formatUsdc } from "@/lib/portal/ledger-format";
import { setCurrencyRate } from "@/lib/portal/set-currency-rate";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");

const CurrencyForm = z.object({
  code: textField(40, "The code is too long."),
  name: textField(200, "The name is too long."),
  baseUnitsPerVcUnit: textField(40, "The rate is too long."),
});

export const createCurrencyAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: CurrencyForm,
    form,
    run: ({ db, player, input }) => createPortalCurrency({ db, player }, { businessId, gameId, ...input }),
    unexpected: unexpected("creating a currency"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (c) => ({ notice: `Currency ${c.code} (“${c.name}”) created at ${formatUsdc(c.baseUnitsPerVcUnit)} USDC a unit.` }));
};

const RateForm = z.object({ baseUnitsPerVcUnit: textField(40, "The rate is too long.") });

export const setRateAction = async (businessId: string, currencyId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RateForm,
    form,
    run: ({ db, player, input }) => setCurrencyRate({ db, player }, { businessId, currencyId, baseUnitsPerVcUnit: input.baseUnitsPerVcUnit }),
    unexpected: unexpected("changing a cashout rate"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (c) => ({
    notice: `${c.code} now cashes out at ${formatUsdc(c.baseUnitsPerVcUnit)} USDC a unit. Pending requests keep their rate.`,
  }));
};
