// What the activation forms get back from their server actions (app/portal/[businessId]/activation/actions.ts and
// app/business/[businessId]/verification/actions.ts): a message for the whole form, a status line after a
// success, and the fields at fault with what to fix. `attempt` counts submits, so the same error is announced again.
export type ActivationFormState = {
  error: string | null;
  notice: string | null;
  fieldErrors: { field: string; message: string }[];
  attempt: number;
};
export type ActivationFormAction = (prev: ActivationFormState, form: FormData) => Promise<ActivationFormState>;

export const ACTIVATION_FORM_START: ActivationFormState = { error: null, notice: null, fieldErrors: [], attempt: 0 };
