"use server";
// The theme preview's forms are the real checkout's, wired to these inert actions: the preview pays
// nothing, signs nobody up and sends no mail.
import type { MailRequestState, PayState, PayTarget } from "@/lib/hosted/form-state";

const NOTHING = "This is a preview of your checkout: nothing is paid or sent here.";

export const previewPayAction = async (_target: PayTarget, prev: PayState): Promise<PayState> => ({
  error: NOTHING,
  field: null,
  fieldErrors: [],
  declined: false,
  attempt: prev.attempt + 1,
});

export const previewMailAction = async (): Promise<MailRequestState> => ({ ok: false, error: NOTHING, field: null, status: 400 });
