// The states the hosted forms (components/) get back from their server actions (app/**/actions.ts).
// They live here, not beside the actions, so components never import from app/.

/**
 * The pay form of the hosted checkout after a refused attempt. The form keeps what was typed itself (its
 * inputs are controlled and it is never reset); this says what to show:
 * - `error`: a message about the attempt (a decline, a refused method, the checkout's state), shown in an
 *   alert just before `field` (null: at the top of the form) and focused, so one Tab reaches that field;
 * - `fieldErrors`: every field at fault, in screen order, each message shown under its field;
 * - `declined`: the card was declined: the form clears the CVC, and only the CVC;
 * - `attempt` counts submits, so the same error is announced again.
 */
export type PayState = {
  error: string | null;
  field: string | null;
  fieldErrors: { field: string; message: string }[];
  declined: boolean;
  attempt: number;
};

export const PAY_START: PayState = { error: null, field: null, fieldErrors: [], declined: false, attempt: 0 };

/** The mail-sending forms (sign-up, forgot password): "check your email", or which field to fix. */
export type MailRequestState =
  | { ok: true; email: string; /** no SMTP_URL and /dev/mail is served without a token (not production): the form links to it */ outbox: boolean }
  | { ok: false; error: string; field: "email" | "password" | "name" | null; status: number };

export type PayAction = (prev: PayState, form: FormData) => Promise<PayState>;
export type MailRequestAction = (form: FormData) => Promise<MailRequestState>;

/** The server actions a hosted auth form sends its mail requests to (app/account/actions.ts). */
export type MailActions = { signUp: MailRequestAction; requestReset: MailRequestAction };

/**
 * Which checkout a pay form pays: a grant (its signature re-verified) or a redirect session; `locale` is the
 * page's language, so the action answers in it (it only picks words: a forged one changes nothing else).
 */
export type PayTarget = { kind: "grant" | "session"; id: string; sig: string | null; locale?: string };
export type PayTargetAction = (target: PayTarget, prev: PayState, form: FormData) => Promise<PayState>;

/**
 * The identity verification form (/account/verification) after a refused submit: one message for the form's
 * alert, each field at fault with its message (in the reader's language), and what was typed; success redirects instead.
 */
export type VerificationFormState = {
  error: string | null;
  fieldErrors: { field: string; message: string }[];
  attempt: number;
  /** the text the player typed, shown again (React resets a form after its action; a file cannot be kept) */
  values?: Record<string, string>;
};
