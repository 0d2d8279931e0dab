"use server";
// The seed's developer login on /portal's sign-in page: the server checks the developer account's email and
// password (lib/portal/claim-developer-login.ts, throttled like sign-in) and makes the matching player; the
// browser then signs in through next-auth with the same email and password. "Create a business" makes a
// test business with the signed-in developer as its owner.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { clientIpOf } from "@/lib/auth/client-ip";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { claimDeveloperLogin } from "@/lib/portal/claim-developer-login";
import { createPortalBusiness } from "@/lib/portal/create-portal-business";
import { answerOf } from "./_lib/answer";

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

const NewBusinessForm = z.object({ name: textField(200, "The name is too long: at most 200 characters.", { trim: true }) });

/** "Create a business" on /portal: a test business with the signed-in developer as its owner, then its Overview. */
export const createBusinessAction = async (prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: NewBusinessForm,
    form,
    run: ({ db, player, input }) => createPortalBusiness({ db, player }, input),
    unexpected: { log: "[portal] creating a business failed:", message: "Something went wrong on our side. Please try again." },
  });
  if (out.ok) redirect(`/portal/${out.value.businessId}`);
  return answerOf(out, prev, () => ({ notice: null }));
};
