// The states the hosted forms (components/) get back from their server actions (app/**/actions.ts).
// They live here, not beside the actions, so components never import from app/.

/** The pay form of the hosted checkout; `attempt` counts submits, so the same error is announced again. */
export type PayState = { error: string | null; field: string | null; attempt: number };

/** The mail-sending forms (sign-up, forgot password): "check your email", or which field to fix. */
export type MailRequestState =
  | { ok: true; email: string; /** no SMTP_URL and /dev/mail is served: the form links to it */ outbox: boolean }
  | { ok: false; error: string; field: "email" | "password" | "name" | null; status: number };

export type PayAction = (prev: PayState, form: FormData) => Promise<PayState>;
export type MailRequestAction = (form: FormData) => Promise<MailRequestState>;

/** The server actions a hosted auth form sends its mail requests to (app/account/actions.ts). */
export type MailActions = { signUp: MailRequestAction; requestReset: MailRequestAction };

/** Which checkout a pay form pays: a grant (its signature re-verified) or a redirect session. */
export type PayTarget = { kind: "grant" | "session"; id: string; sig: string | null };
export type PayTargetAction = (target: PayTarget, prev: PayState, form: FormData) => Promise<PayState>;
