"use server";
// The "Go live" page's server actions: save the application's draft or submit it, upload a supporting document,
// remove one. Each runs through the hosted action kernel (fields capped, the signed-in player resolved) and calls
// one lib/portal command, which checks activation:write (owners and admins) on the server before anything else.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActivationFormState } from "@/components/activation/activation-state";
import { APPLICATION_FIELDS, formFieldOf, type ApplicationField, type ApplicationForm } from "@/lib/activation/schemas";
import { runHostedAction, textField, type ActionOutcome } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { attachPortalActivationDocument } from "@/lib/portal/attach-portal-activation-document";
import { removePortalActivationDocument } from "@/lib/portal/remove-portal-activation-document";
import { savePortalActivationDraft } from "@/lib/portal/save-portal-activation-draft";
import { submitPortalActivation } from "@/lib/portal/submit-portal-activation";
import { UNEXPECTED } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type Bound = { businessId: string };

const CAPS: Partial<Record<ApplicationField, number>> = { website: 2048, productDescription: 2000 };
const fields = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, textField(CAPS[f] ?? 254, "This field is too long.")])) as Record<
  ApplicationField,
  ReturnType<typeof textField>
>;
const ApplicationFormSchema = z.object({ intent: textField(8, "Choose save or submit."), ...fields });

/**
 * The outcome in the member's language, with the hosted verification page's words ("platform" catalog). In
 * English a refusal keeps the service's own message; in another language a known refusal is named by its code.
 */
const stateOf = async <T>(out: ActionOutcome<T>, prev: ActivationFormState, notice: (value: T, t: Translator) => string): Promise<ActivationFormState> => {
  const locale = await getPortalLocale();
  const t = getTranslator(locale, "platform");
  if (out.ok) return { error: null, notice: notice(out.value, t), fieldErrors: [], attempt: prev.attempt + 1 };
  if (out.status >= 500) return { error: t("errors.unexpected"), notice: null, fieldErrors: [], attempt: prev.attempt + 1 };
  // the application's fields at fault, each under its field; a document's refusal is the form's own message
  const fieldErrors = out.fieldErrors.filter((e) => (APPLICATION_FIELDS as readonly string[]).includes(e.field));
  if (fieldErrors.length > 1) return { error: t("verification.form.checkFields"), notice: null, fieldErrors, attempt: prev.attempt + 1 };
  if (locale === "en") return { error: out.error, notice: null, fieldErrors, attempt: prev.attempt + 1 };
  const known: Record<string, string> = {
    ACTIVATION_NOT_ALLOWED: t("verification.errors.notAllowed"),
    DOCUMENT_INVALID: t("verification.errors.documentInvalid"),
    DOCUMENT_LIMIT_REACHED: t("verification.errors.documentLimit"),
    NOT_FOUND: t("verification.errors.documentNotFound"),
    PORTAL_ROLE_REQUIRED: getTranslator(locale, "portal-more")("activation.notAllowed"),
  };
  const error =
    out.field === "documents"
      ? t("verification.errors.needDocument")
      : fieldErrors.length
        ? t("verification.form.checkFields")
        : ((out.code && known[out.code]) ?? (out.field === "document" ? t("verification.documents.chooseFile") : out.error));
  return { error, notice: null, fieldErrors, attempt: prev.attempt + 1 };
};

const refresh = ({ businessId }: Bound) => revalidatePath(`/portal/${businessId}`, "layout");

export const applicationAction = async (bound: Bound, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: ApplicationFormSchema,
    form,
    fieldOf: (f) => ((APPLICATION_FIELDS as readonly string[]).includes(f) ? f : formFieldOf(f)),
    run: async ({ db, player, input }) => {
      const { intent, ...fields } = input;
      const params = { businessId: bound.businessId, form: fields as ApplicationForm };
      if (intent === "submit") return { submitted: true, value: await submitPortalActivation({ db, player }, params) };
      return { submitted: false, value: await savePortalActivationDraft({ db, player }, params) };
    },
    unexpected: { log: "[portal] saving the activation application failed:", message: UNEXPECTED.message },
  });
  if (out.ok) refresh(bound);
  return stateOf(out, prev, (v, t) => (v.submitted ? t("verification.form.submitted") : t("verification.form.saved")));
};

const UploadForm = z.object({ document: z.instanceof(File, { message: "Choose a file to upload." }) });

export const uploadDocumentAction = async (bound: Bound, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: UploadForm,
    form,
    run: async ({ db, player, input: { document } }) =>
      attachPortalActivationDocument(
        { db, player },
        // no file chosen: the browser sends an empty part with no name; the command still checks the member first
        { businessId: bound.businessId, filename: document.name, bytes: new Uint8Array(await document.arrayBuffer()) },
      ),
    unexpected: { log: "[portal] uploading an activation document failed:", message: UNEXPECTED.message },
  });
  if (out.ok) refresh(bound);
  return stateOf(out, prev, (d, t) => t("verification.documents.uploaded", { name: d.filename }));
};

export const removeDocumentAction = async (bound: Bound & { documentId: string }, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: z.object({}),
    form,
    run: ({ db, player }) => removePortalActivationDocument({ db, player }, { businessId: bound.businessId, documentId: bound.documentId }),
    unexpected: { log: "[portal] removing an activation document failed:", message: UNEXPECTED.message },
  });
  if (out.ok) refresh(bound);
  return stateOf(out, prev, (d, t) => t("verification.documents.removed", { name: d.filename }));
};
