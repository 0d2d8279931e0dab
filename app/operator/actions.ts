"use server";
// The operator console's server actions. The second factor (sign-in page): confirm enrolment with a first code
// (then the recovery codes, once) and type a code (TOTP or recovery); each sets the console's cookie for this
// operator, player and sign-in. The decisions: one operatorCommand each (app/operator/_lib/action.ts), the
// guard first, so anyone else gets the 404 and nothing changes.
import { redirect } from "next/navigation";
import type { OperatorFormState } from "@/components/operator/operator-form";
import { AppError } from "@/lib/core/errors";
import { confirmTotpEnrolment } from "@/lib/operator/confirm-totp-enrolment";
import { requireOperatorAccount } from "@/lib/operator/require-operator";
import { reviewActivation } from "@/lib/operator/review-activation";
import { reviewCompliance } from "@/lib/operator/review-compliance";
import { reviewScopeRequest } from "@/lib/operator/review-scope-request";
import { verifySecondFactor } from "@/lib/operator/verify-second-factor";
import { operatorAction } from "./_lib/action";
import { clearOperatorCookie, enrolmentProofFor, isEnrolmentProofFor, operatorRequest, orNotFound, setOperatorCookie } from "./_lib/request";

const codeOf = (form: FormData) => {
  const v = form.get("code");
  return typeof v === "string" ? v.slice(0, 64) : "";
};

const refusal = (err: unknown, prev: OperatorFormState): OperatorFormState => {
  if (err instanceof AppError && err.status < 500) return { error: err.message, notice: null, codes: null, attempt: prev.attempt + 1 };
  throw err;
};

/**
 * Enrolment: the first code from the authenticator app; the recovery codes are the answer, shown once, with
 * the signed proof that this sign-in enrolled (enrolment-proof.ts), which "open the console" exchanges for the
 * cookie (setting it here would re-render the page before the codes are read).
 */
export const confirmEnrolmentAction = async (prev: OperatorFormState, form: FormData): Promise<OperatorFormState> => {
  const req = await operatorRequest();
  const operator = await orNotFound(() => requireOperatorAccount(req));
  try {
    const { recoveryCodes } = await confirmTotpEnrolment(req, { operator, code: codeOf(form) });
    return {
      error: null,
      notice: "Your authenticator app is set up.",
      codes: recoveryCodes,
      proof: enrolmentProofFor(req, operator.id),
      attempt: prev.attempt + 1,
    };
  } catch (err) {
    return refusal(err, prev);
  }
};

/** "I stored them: open the console": a good proof (this operator, player and sign-in, minutes old) sets the cookie. */
export const finishEnrolmentAction = async (form: FormData): Promise<void> => {
  const req = await operatorRequest();
  const operator = await orNotFound(() => requireOperatorAccount(req));
  const proof = form.get("proof");
  if (typeof proof === "string" && isEnrolmentProofFor(req, operator.id, proof)) await setOperatorCookie(req, operator.id);
  redirect("/operator/sign-in");
};

/** Sign-in: a code from the app, or a recovery code; then the console. */
export const verifyCodeAction = async (prev: OperatorFormState, form: FormData): Promise<OperatorFormState> => {
  const req = await operatorRequest();
  const operator = await orNotFound(() => requireOperatorAccount(req));
  try {
    await verifySecondFactor(req, { operator, code: codeOf(form) });
    await setOperatorCookie(req, operator.id);
  } catch (err) {
    return refusal(err, prev);
  }
  redirect("/operator");
};

/** "Leave the console": the second factor ends in this browser (the player stays signed in). */
export const leaveConsoleAction = async (): Promise<void> => {
  const req = await operatorRequest();
  await orNotFound(() => requireOperatorAccount(req));
  await clearOperatorCookie();
  redirect("/");
};

export const reviewActivationAction = operatorAction(
  ["decision", "note"],
  (req, params: { businessId: string } & Record<string, string>) => reviewActivation(req, params),
  (r) =>
    `The activation is ${r.kybStatus === "action_required" ? "waiting for the business to act" : r.kybStatus}; ${r.mailedTo.length} owner(s) and admin(s) emailed.`,
  { doing: "deciding an activation" },
);

export const reviewScopeRequestAction = operatorAction(
  ["decision", "note"],
  (req, params: { requestId: string } & Record<string, string>) => reviewScopeRequest(req, params),
  (r) => `The scope request is ${r.status}.`,
  { doing: "deciding a scope request" },
);

export const reviewComplianceAction = operatorAction(
  ["from", "status", "note"],
  (req, params: { complianceId: string } & Record<string, string>) => reviewCompliance(req, params),
  (r) => `The review is now ${r.status.replace(/_/g, " ")}.`,
  { doing: "moving a compliance review" },
);
