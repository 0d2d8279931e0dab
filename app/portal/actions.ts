"use server";
// The seed's developer login on /portal's sign-in page: the server checks the developer account's email and
// password (lib/portal/claim-developer-login.ts, throttled like sign-in) and makes the matching player; the
// browser then signs in through next-auth with the same email and password.
import { headers } from "next/headers";
import { z } from "zod";
import { clientIpOf } from "@/lib/auth/client-ip";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { claimDeveloperLogin } from "@/lib/portal/claim-developer-login";

const LoginForm = z.object({
  email: textField(320, "Enter your email address.", { trim: true }),
  password: textField(128, "Wrong email or password."),
});

export type ClaimState = { ok: true } | { ok: false; error: string };

export const claimDeveloperLoginAction = async (form: FormData): Promise<ClaimState> => {
  const ip = clientIpOf(await headers());
  const out = await runHostedAction({
    schema: LoginForm,
    form,
    signedIn: () => false,
    run: ({ db, input }) => claimDeveloperLogin({ db }, { ...input, ip }),
    unexpected: { log: "[portal] developer login failed:", message: "Something went wrong on our side. Please try again." },
  });
  return out.ok ? { ok: true } : { ok: false, error: out.error };
};
