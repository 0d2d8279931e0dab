"use server";
// The identity verification form of /account/verification: the signed-in player sends their details and an
// identity document for review (lib/business-users/submit-player-compliance.ts). The player is the session's,
// never a form field; signed out, the page (which asks to sign in) is shown again and nothing is written.
// Success redirects to the page, which then shows "in review".
import { redirect } from "next/navigation";
import { z } from "zod";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import type { VerificationFormState } from "@/lib/hosted/form-state";
import { getTranslator } from "@/lib/i18n/translator";
import { submitPlayerCompliance } from "@/lib/business-users/submit-player-compliance";
import { VERIFICATION_FIELDS, type VerificationField } from "@/lib/business-users/compliance-form";

const TOO_LONG = "This field is too long.";
const VerificationForm = z.object({
  environment: z.enum(["test", "live"], { error: "Choose test or live." }),
  legalName: textField(400, TOO_LONG),
  dateOfBirth: textField(40, TOO_LONG),
  line1: textField(400, TOO_LONG),
  line2: textField(400, TOO_LONG),
  city: textField(200, TOO_LONG),
  state: textField(200, TOO_LONG),
  postalCode: textField(40, TOO_LONG),
  country: textField(10, TOO_LONG),
  // an empty file input still sends a nameless, empty File: that is no document
  document: z.preprocess((v) => (v instanceof File && (v.size > 0 || v.name) ? v : null), z.instanceof(File).nullable()),
});

/** A service field (address.line1) as the form's (line1). */
const fieldOf = (f: string): VerificationField | null => {
  const name = f.startsWith("address.") ? f.slice("address.".length) : f;
  return (VERIFICATION_FIELDS as readonly string[]).includes(name) ? (name as VerificationField) : null;
};

export const submitVerificationAction = async (prev: VerificationFormState, form: FormData): Promise<VerificationFormState> => {
  let signedOut = false;
  const out = await runHostedAction({
    schema: VerificationForm,
    form,
    fieldOf,
    unexpected: { log: "[account] identity verification failed:", message: "unexpected" },
    run: async ({ db, input, player }) => {
      if (!player) {
        signedOut = true;
        return null;
      }
      const { document, environment, legalName, dateOfBirth, ...address } = input;
      return submitPlayerCompliance(
        { db },
        {
          playerId: player.playerId,
          environment,
          details: { legalName, dateOfBirth, address: { ...address, line2: address.line2 || undefined, state: address.state || undefined } },
          document: document ? { filename: document.name, bytes: new Uint8Array(await document.arrayBuffer()) } : null,
        },
      );
    },
  });
  if (out.ok || signedOut) redirect("/account/verification");
  const t = getTranslator(await getRequestLocale(), "account");
  const fieldErrors = out.fieldErrors.map((e) => ({
    field: e.field as VerificationField,
    message: t(`verification.form.errors.${e.field as VerificationField}`),
  }));
  const error =
    out.code === "COMPLIANCE_NOT_ALLOWED" || out.code === "NOT_FOUND"
      ? t("verification.form.errors.notAllowed")
      : out.code === "DOCUMENT_LIMIT_REACHED"
        ? t("verification.form.errors.documentLimit")
        : fieldErrors.length
          ? t("verification.form.errors.summary")
          : out.status >= 500
            ? t("verification.form.errors.unexpected")
            : t("verification.form.errors.notAllowed"); // a forged environment or hidden field
  const values = Object.fromEntries(VERIFICATION_FIELDS.flatMap((f) => (typeof form.get(f) === "string" ? [[f, String(form.get(f)).slice(0, 400)]] : [])));
  return { error, fieldErrors, attempt: prev.attempt + 1, values };
};
