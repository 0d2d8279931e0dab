"use server";
// The "Go live" page's server actions: save the application's draft or submit it, upload a supporting document,
// remove one. Each runs through the hosted action kernel (fields capped, the signed-in player resolved) and calls
// one lib/portal command, which checks activation:write (owners and admins) on the server before anything else.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActivationFormState } from "@/components/activation/activation-state";
import { APPLICATION_FIELDS, formFieldOf, type ApplicationField, type ApplicationForm } from "@/lib/activation/schemas";
import { runHostedAction, textField, type ActionOutcome } from "@/lib/hosted/action";
import { attachPortalActivationDocument } from "@/lib/portal/attach-portal-activation-document";
import { removePortalActivationDocument } from "@/lib/portal/remove-portal-activation-document";
import { savePortalActivationDraft } from "@/lib/portal/save-portal-activation-draft";
import { submitPortalActivation } from "@/lib/portal/submit-portal-activation";
import { UNEXPECTED } from "../../_lib/answer";

type Bound = { businessId: string };

const CAPS: Partial<Record<ApplicationField, number>> = { website: 2048, productDescription: 2000 };
const fields = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, textField(CAPS[f] ?? 254, "This field is too long.")])) as Record<
  ApplicationField,
  ReturnType<typeof textField>
>;
const ApplicationFormSchema = z.object({ intent: textField(8, "Choose save or submit."), ...fields });

const stateOf = <T>(out: ActionOutcome<T>, prev: ActivationFormState, notice: (value: T) => string): ActivationFormState => {
  if (out.ok) return { error: null, notice: notice(out.value), fieldErrors: [], attempt: prev.attempt + 1 };
  if (out.status >= 500) return { error: UNEXPECTED.message, notice: null, fieldErrors: [], attempt: prev.attempt + 1 };
  // the application's fields at fault, each under its field; a document's refusal is the form's own message
  const fieldErrors = out.fieldErrors.filter((e) => (APPLICATION_FIELDS as readonly string[]).includes(e.field));
  return { error: fieldErrors.length > 1 ? "Check the fields marked below." : out.error, notice: null, fieldErrors, attempt: prev.attempt + 1 };
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
  return stateOf(out, prev, (v) => (v.submitted ? "Submitted. The application is now in review; we email you when it is decided." : "Draft saved."));
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
  return stateOf(out, prev, (d) => `Uploaded ${d.filename}.`);
};

export const removeDocumentAction = async (bound: Bound & { documentId: string }, prev: ActivationFormState, form: FormData): Promise<ActivationFormState> => {
  const out = await runHostedAction({
    schema: z.object({}),
    form,
    run: ({ db, player }) => removePortalActivationDocument({ db, player }, { businessId: bound.businessId, documentId: bound.documentId }),
    unexpected: { log: "[portal] removing an activation document failed:", message: UNEXPECTED.message },
  });
  if (out.ok) refresh(bound);
  return stateOf(out, prev, (d) => `Removed ${d.filename}.`);
};
