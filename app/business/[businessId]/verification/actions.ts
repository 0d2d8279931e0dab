"use server";
// The hosted verification page's (links.kyb) server actions: save the application's draft or submit it, upload a
// supporting document, remove one. The signed-in player must administer the business (lib/activation/activation-admin.ts:
// 401 signed out, 404 for anyone else); then the same activation services as the portal's. Answers in the reader's language.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActivationFormState } from "@/components/activation/activation-state";
import { activationAdminContext } from "@/lib/activation/activation-admin";
import { attachActivationDocument } from "@/lib/activation/attach-activation-document";
import { removeActivationDocument } from "@/lib/activation/remove-activation-document";
import { saveActivationDraft } from "@/lib/activation/save-activation-draft";
import { APPLICATION_FIELDS, applicationOfForm, formFieldOf, type ApplicationField, type ApplicationForm } from "@/lib/activation/schemas";
import { submitActivation } from "@/lib/activation/submit-activation";
import { runHostedAction, textField, type ActionOutcome } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

const CAPS: Partial<Record<ApplicationField, number>> = { website: 2048, productDescription: 2000 };
const fields = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, textField(CAPS[f] ?? 254, "This field is too long.")])) as Record<
  ApplicationField,
  ReturnType<typeof textField>
>;
const ApplicationFormSchema = z.object({ intent: textField(8, "Choose save or submit."), ...fields });

/** The outcome in the reader's language: a known refusal by its code, fields at fault by the catalog's words. */
const stateOf = async <T>(
  out: ActionOutcome<T>,
  prev: ActivationFormState,
  notice: (value: T, t: ReturnType<typeof getTranslator>) => string,
): Promise<ActivationFormState> => {
  const t = getTranslator(await getRequestLocale(), "platform");
  const attempt = prev.attempt + 1;
  if (out.ok) return { error: null, notice: notice(out.value, t), fieldErrors: [], attempt };
  if (out.status >= 500) return { error: t("errors.unexpected"), notice: null, fieldErrors: [], attempt };
  const known: Record<string, string> = {
    ACTIVATION_NOT_ALLOWED: t("verification.errors.notAllowed"),
    DOCUMENT_INVALID: t("verification.errors.documentInvalid"),
    DOCUMENT_LIMIT_REACHED: t("verification.errors.documentLimit"),
    NOT_FOUND: t("verification.errors.documentNotFound"),
    ADMIN_SIGN_IN_REQUIRED: t("errors.ADMIN_SIGN_IN_REQUIRED"),
    BUSINESS_NOT_FOUND: t("errors.BUSINESS_NOT_FOUND"),
  };
  // the application's fields; a document's or the documents' refusal is the form's own message
  const fieldErrors = out.fieldErrors.filter((e) => (APPLICATION_FIELDS as readonly string[]).includes(e.field));
  const error =
    out.field === "documents"
      ? t("verification.errors.needDocument")
      : fieldErrors.length
        ? t("verification.form.checkFields")
        : ((out.code && known[out.code]) ?? (out.field === "document" ? t("verification.documents.chooseFile") : out.error));
  return { error, notice: null, fieldErrors, attempt };
};

const page = (businessId: string) => `/business/${encodeURIComponent(businessId)}/verification`;

export const applicationAction = async (businessId: string, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: ApplicationFormSchema,
    form,
    fieldOf: (f) => ((APPLICATION_FIELDS as readonly string[]).includes(f) || f === "documents" ? f : formFieldOf(f)),
    run: async ({ db, player, input }) => {
      const { intent, ...values } = input;
      const ctx = await activationAdminContext({ db, player }, { businessId });
      const application = applicationOfForm(values as ApplicationForm);
      if (intent === "submit") return { submitted: true, value: await submitActivation(ctx, { application }) };
      return { submitted: false, value: await saveActivationDraft(ctx, { application }) };
    },
    unexpected: { log: "[business] saving the activation application failed:", message: "unexpected" },
  });
  if (out.ok) revalidatePath(page(businessId));
  return stateOf(out, prev, (v, t) => (v.submitted ? t("verification.form.submitted") : t("verification.form.saved")));
};

const UploadForm = z.object({ document: z.instanceof(File, { message: "Choose a file to upload." }) });

export const uploadDocumentAction = async (businessId: string, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: UploadForm,
    form,
    run: async ({ db, player, input: { document } }) => {
      const ctx = await activationAdminContext({ db, player }, { businessId });
      return attachActivationDocument(ctx, { filename: document.name, bytes: new Uint8Array(await document.arrayBuffer()) });
    },
    unexpected: { log: "[business] uploading an activation document failed:", message: "unexpected" },
  });
  if (out.ok) revalidatePath(page(businessId));
  return stateOf(out, prev, (d, t) => t("verification.documents.uploaded", { name: d.filename }));
};

export const removeDocumentAction = async (
  bound: { businessId: string; documentId: string },
  prev: ActivationFormState,
  form: FormData,
): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: z.object({}),
    form,
    run: async ({ db, player }) =>
      removeActivationDocument(await activationAdminContext({ db, player }, { businessId: bound.businessId }), { documentId: bound.documentId }),
    unexpected: { log: "[business] removing an activation document failed:", message: "unexpected" },
  });
  if (out.ok) revalidatePath(page(bound.businessId));
  return stateOf(out, prev, (d, t) => t("verification.documents.removed", { name: d.filename }));
};
