"use server";
// The mail-sending actions of the hosted auth form: sign-up and "forgot password". Each answers the same
// "check your email" whatever the email (request-sign-up.ts, request-password-reset.ts), or says which field
// to fix, or when to try again (429). The client's address, for the per-address limits, comes from the
// request headers (lib/auth/client-ip.ts).
import { headers } from "next/headers";
import { z } from "zod";
import { clientIpOf } from "@/lib/auth/client-ip";
import { config } from "@/lib/config/env";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { requestSignUp } from "@/lib/auth/request-sign-up";
import type { DbClient } from "@/lib/db/transaction";
import { isMailOutboxEnabled, mailOutboxNeedsToken } from "@/lib/email/mail-outbox";
import { runHostedAction, textField } from "@/lib/hosted/action";
import type { MailRequestState } from "@/lib/hosted/form-state";

// Caps far above what the services accept (lib/auth/credentials.ts), so their own messages still say
// what to send; these only stop a huge body from being read at all.
const TOO_LONG = "This field is too long.";
const SignUpForm = z.object({
  email: textField(1024, TOO_LONG),
  password: textField(1024, TOO_LONG),
  name: textField(1024, TOO_LONG),
  returnTo: textField(4096, TOO_LONG),
});
const ResetForm = z.object({ email: textField(1024, TOO_LONG), returnTo: textField(4096, TOO_LONG) });

const FORM_FIELDS = ["email", "password", "name"] as const;
const formField = (f: string) => ((FORM_FIELDS as readonly string[]).includes(f) ? f : null);

const answer = async <S extends z.ZodObject>(
  schema: S,
  form: FormData,
  send: (db: DbClient, input: z.output<S>, ip: string) => Promise<{ email: string }>,
): Promise<MailRequestState> => {
  const ip = clientIpOf(await headers());
  const out = await runHostedAction({
    schema,
    form,
    signedIn: () => false,
    fieldOf: formField,
    unexpected: { log: "[auth] sending the mail failed:", message: "We could not send the email just now. Please try again in a minute." },
    run: ({ db, input }) => send(db, input, ip),
  });
  if (!out.ok) return { ok: false, error: out.error, field: out.field as "email" | "password" | "name" | null, status: out.status };
  // the form links to /dev/mail only where it needs no token: a player's page never carries the outbox's token
  return { ok: true, email: out.value.email, outbox: !config().SMTP_URL && isMailOutboxEnabled() && !mailOutboxNeedsToken() };
};

export const signUpAction = async (form: FormData): Promise<MailRequestState> =>
  answer(SignUpForm, form, (db, input, ip) => requestSignUp({ db }, { ...input, ip }));

export const requestResetAction = async (form: FormData): Promise<MailRequestState> =>
  answer(ResetForm, form, (db, input, ip) => requestPasswordReset({ db }, { ...input, ip }));
