"use server";
// The theme preview's forms are the real checkout's, wired to these inert actions: the preview pays
// nothing, signs nobody up and sends no mail.
import type { MailRequestState, PayState, PayTarget } from "@/lib/hosted/form-state";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

/** In the preview's own language (the browser's, as the checkout page it frames). */
const nothing = async () => getTranslator(await getRequestLocale(), "portal-catalogue")("theme.previewNothing");

export const previewPayAction = async (_target: PayTarget, prev: PayState): Promise<PayState> => ({
  error: await nothing(),
  field: null,
  fieldErrors: [],
  declined: false,
  attempt: prev.attempt + 1,
});

export const previewMailAction = async (): Promise<MailRequestState> => ({ ok: false, error: await nothing(), field: null, status: 400 });
