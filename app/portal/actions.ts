"use server";
// The seed's developer login on /portal's sign-in page: the server checks the developer account's email and
// password (lib/portal/claim-developer-login.ts, throttled like sign-in) and makes the matching player; the
// browser then signs in through next-auth with the same email and password. "Create a business" makes a
// test business with the signed-in developer as its owner. The language control (in every signed-in portal
// page's frame) keeps the account's language and comes back to the page it was sent from.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { clientIpOf } from "@/lib/auth/client-ip";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { claimDeveloperLogin } from "@/lib/portal/claim-developer-login";
import { createPortalBusiness } from "@/lib/portal/create-portal-business";
import { savePortalLocale } from "@/lib/portal/save-portal-locale";
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

const LanguageForm = z.object({
  locale: textField(8, "Choose a language."),
  back: textField(2048, "Choose a language."),
});

/** A portal page back to itself: only a /portal path of this site (never another origin), else /portal. */
const portalPathOf = (back: string) => (/^\/portal(?:[/?#]|$)/.test(back) && !back.includes("\\") ? back : "/portal");

/** The frame's language control: saves the account's language (or "" for the browser's) and reloads the page in it. */
export const savePortalLanguageAction = async (form: FormData): Promise<void> => {
  // refused (nobody signed in, an unknown language): nothing changes, and the page comes back as it was
  await runHostedAction({
    schema: LanguageForm,
    form,
    run: ({ db, player, input }) => savePortalLocale({ db, player }, { locale: input.locale }),
    unexpected: { log: "[portal] saving the language failed:", message: "Something went wrong on our side. Please try again." },
  });
  redirect(portalPathOf(String(form.get("back") ?? "")));
};
