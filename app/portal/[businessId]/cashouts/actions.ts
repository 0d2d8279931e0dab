"use server";
// The cashout review queue's server actions: approve, or reject with a reason. Each calls one lib/portal
// service (the role is checked first; the same services as the /v1 approve and reject routes); a second
// decision on a request is refused by the request's state, so a double click acts once. The form's own
// words (field errors, the success line) are in the member's language ("portal-money" catalog).
import { redirect } from "next/navigation";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { textField } from "@/lib/hosted/action";
import { getTranslator } from "@/lib/i18n/translator";
import { approvePortalCashout } from "@/lib/portal/approve-portal-cashout";
import { usdcIn } from "@/lib/portal/money-locale-format";
import { rejectPortalCashout } from "@/lib/portal/reject-portal-cashout";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type OnCashout = Bound & { environment: string; cashoutRequestId: string };

/** After a decision the request leaves the pending list: the queue says what was decided (read back from the request). */
const decided = (_value: unknown, { businessId, environment, cashoutRequestId }: OnCashout) =>
  redirect(
    `/portal/${encodeURIComponent(businessId)}/cashouts?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), decided: cashoutRequestId })}`,
  );

const wordsOf = async () => {
  const locale = await getPortalLocale();
  return { locale, t: getTranslator(locale, "portal-money") };
};

export const approveCashoutAction = async (bound: OnCashout, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const { locale, t } = await wordsOf();
  return portalAction(
    z.object({ confirm: textField(8, t("cashoutActions.confirm")) }),
    (ctx, _input, { businessId, cashoutRequestId }: OnCashout) => approvePortalCashout(ctx, { businessId, cashoutRequestId }),
    (r) => ({ notice: t("cashoutActions.approved", { usdc: usdcIn(locale, r.convertedBaseUnits) }) }),
    { doing: "approving a cashout", then: decided },
  )(bound, prev, form);
};

export const rejectCashoutAction = async (bound: OnCashout, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const { t } = await wordsOf();
  return portalAction(
    z.object({ reason: textField(600, t("cashoutActions.reasonTooLong")) }),
    (ctx, { reason }, { businessId, cashoutRequestId }: OnCashout) => rejectPortalCashout(ctx, { businessId, cashoutRequestId, reason }),
    () => ({ notice: t("cashoutActions.rejected") }),
    { doing: "rejecting a cashout", then: decided },
  )(bound, prev, form);
};
