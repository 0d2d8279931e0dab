"use server";
// The mail-sending actions of the hosted auth form: sign-up and "forgot password". Each answers the same
// "check your email" whatever the email (request-sign-up.ts, request-password-reset.ts), or says which field
// to fix, or when to try again (429). The client's address, for the per-address limits, comes from the
// request headers (lib/auth/client-ip.ts).
import { headers } from "next/headers";
import { clientIpOf } from "@/lib/auth/client-ip";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { requestSignUp } from "@/lib/auth/request-sign-up";
import { getDb } from "@/lib/db/client";
import { isMailOutboxEnabled } from "@/lib/email/mail-outbox";
import { AppError } from "@/lib/http/errors";

export type MailRequestState =
  | { ok: true; email: string; /** no SMTP_URL and /dev/mail is served: the form links to it */ outbox: boolean }
  | { ok: false; error: string; field: "email" | "password" | "name" | null; status: number };

const text = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const answer = async (run: (ip: string) => Promise<{ email: string }>): Promise<MailRequestState> => {
  try {
    const { email } = await run(clientIpOf(await headers()));
    return { ok: true, email, outbox: !process.env.SMTP_URL && isMailOutboxEnabled() };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      const field = e.details?.[0]?.field;
      return { ok: false, error: e.message, field: field === "email" || field === "password" || field === "name" ? field : null, status: e.status };
    }
    console.error("[auth] sending the mail failed:", e);
    return { ok: false, error: "We could not send the email just now. Please try again in a minute.", field: null, status: 500 };
  }
};

export const signUpAction = async (form: FormData): Promise<MailRequestState> =>
  answer((ip) => requestSignUp(getDb(), { email: text(form, "email"), password: text(form, "password"), name: text(form, "name"), returnTo: text(form, "returnTo"), ip }));

export const requestResetAction = async (form: FormData): Promise<MailRequestState> =>
  answer((ip) => requestPasswordReset(getDb(), { email: text(form, "email"), returnTo: text(form, "returnTo"), ip }));
