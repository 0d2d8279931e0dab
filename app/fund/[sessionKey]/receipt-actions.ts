"use server";
// The fund page's receipt action (issue 30, payer item 6): once the session is completed, the payer may have its
// receipt emailed, in the page's language. The session key in the URL is the credential; the service sends only
// this session's receipt, once per address, within limits (lib/fund-sessions/email-fund-session-receipt.ts).
// Every refusal is a message in the page's language: under the field (a bad address) or for the whole form.
import { headers } from "next/headers";
import { z } from "zod";
import { clientIpOf } from "@/lib/auth/client-ip";
import { emailFundSessionReceipt } from "@/lib/fund-sessions/email-fund-session-receipt";
import type { FundReceiptState } from "@/lib/fund-sessions/receipt-form-state";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

const ReceiptForm = z.object({ email: textField(1024, "email") });

export const emailFundReceiptAction = async (sessionKey: string, prev: FundReceiptState, form: FormData): Promise<FundReceiptState> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "fund");
  const ip = clientIpOf(await headers());
  const out = await runHostedAction({
    schema: ReceiptForm,
    form,
    signedIn: () => false,
    fieldOf: (f) => (f === "email" ? "email" : null),
    unexpected: { log: "[fund] receipt failed", message: t("receipt.errors.generic") },
    run: ({ db, input }) => emailFundSessionReceipt({ db }, { sessionKey, email: input.email, ip, locale }),
  });
  const attempt = prev.attempt + 1;
  if (out.ok) return { sent: t("receipt.sent", { email: out.value.email }), error: null, field: null, attempt };
  if (out.field === "email" || out.code === "INVALID_EMAIL") {
    const empty = String(form.get("email") ?? "").trim() === "";
    return { sent: null, error: t(empty ? "receipt.errors.required" : "receipt.errors.email"), field: "email", attempt };
  }
  const key = out.code === "TOO_MANY_EMAIL_REQUESTS" ? "throttled" : out.code === "FUND_SESSION_NOT_FOUND" ? "unavailable" : "generic";
  return { sent: null, error: t(`receipt.errors.${key}`), field: null, attempt };
};
