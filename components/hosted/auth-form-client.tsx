"use client";
// Player sign-in, sign-up and "forgot password" on the hosted pages (link approval, checkout), in the
// page's language (the "auth" namespace, provided by ./auth-form.tsx).
// - Sign-in goes through next-auth's credentials provider; the page then re-renders signed in.
// - Sign-up and "forgot password" sign nobody in: they mail a link (app/account/actions.ts) and the form
//   says "Check your email", the same words whether or not the email has an account. The link brings the
//   player back to this page (returnTo), signed in.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { MailActions, MailRequestState } from "@/lib/hosted/form-state";
import { authErrorField, translateAuthError } from "./auth-errors";
import { ErrorNotice } from "./state-message";
import { Button } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export type AuthMode = "signin" | "signup" | "forgot";

// Kept in step with lib/auth (imported there from server-only modules).
const PLAYER_CREDENTIALS = "player-credentials";
const PASSWORD_MIN_LENGTH = 8;

type FieldName = "email" | "password" | "name";

export type AuthFormClientProps = {
  /** the server actions that mail a sign-up or reset link (app/account/actions.ts, passed by the page) */
  mail: MailActions;
  /** pre-fills the email field (the email the game or the checkout already knows) */
  defaultEmail?: string;
  defaultMode?: AuthMode;
  /** a line under the heading, e.g. why an account is needed */
  intro?: string;
};

/** The answer to a sign-up or reset request: the same for every email. */
export const CheckYourEmail = ({ sent, mode, onBack }: { sent: { email: string; outbox: boolean }; mode: AuthMode; onBack: () => void }) => {
  const t = useTranslations("auth");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="space-y-4">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sky-700">
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </span>
        <div className="min-w-0">
          <h2
            ref={heading}
            tabIndex={-1}
            className="rounded text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ui-focus)]"
          >
            {t("checkEmail.heading")}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">
            {t.rich("checkEmail.sent", {
              email: sent.email,
              strong: (chunks) => <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{chunks}</span>,
            })}{" "}
            {mode === "signup" ? t("checkEmail.signupNext") : t("checkEmail.resetNext")} {t("checkEmail.validity")}
          </p>
        </div>
      </div>
      <p className="text-sm leading-6 text-slate-700">{t("checkEmail.noEmail")}</p>
      {sent.outbox ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          {t.rich("checkEmail.outbox", {
            link: (chunks) => (
              <a href="/dev/mail" target="_blank" rel="noopener" className={textLinkClass}>
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : null}
      <Button variant="secondary" onClick={onBack}>
        {t("checkEmail.differentEmail")}
      </Button>
    </div>
  );
};

export const AuthFormClient = ({ mail, defaultEmail = "", defaultMode = "signin", intro }: AuthFormClientProps) => {
  const t = useTranslations("auth");
  const router = useRouter();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>(defaultMode);
  const [error, setError] = useState<{ message: string; field: FieldName | null } | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string; outbox: boolean } | null>(null);
  const [email, setEmail] = useState(defaultEmail);
  /** A field the error is about is marked invalid and points at the notice above the form. */
  const marked = (field: FieldName) => ({ error: error?.field === field, errorId: `${id}-error` });
  /** An error from the server, in the page's language, on the field it is about. */
  const serverError = (message: string, field: FieldName | null = authErrorField(message)) => setError({ message: translateAuthError(message, t), field });

  const signInWithPassword = async (form: FormData) => {
    const res = await signIn(PLAYER_CREDENTIALS, {
      redirect: false,
      mode: "signin",
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    if (!res || res.error) {
      serverError(res?.error ?? "");
      setPending(false);
      return;
    }
    router.refresh();
  };

  const requestMail = async (form: FormData) => {
    form.set("returnTo", `${window.location.pathname}${window.location.search}`);
    const result: MailRequestState = await (mode === "signup" ? mail.signUp(form) : mail.requestReset(form));
    setPending(false);
    if (result.ok) setSent({ email: result.email, outbox: result.outbox });
    else serverError(result.error, result.field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (mode === "signup" && String(form.get("password") ?? "").length < PASSWORD_MIN_LENGTH) {
      setError({ message: t("errors.passwordTooShort", { min: PASSWORD_MIN_LENGTH }), field: "password" });
      return;
    }
    setPending(true);
    setError(null);
    try {
      await (mode === "signin" ? signInWithPassword(form) : requestMail(form));
    } catch {
      setError({ message: t("errors.network"), field: null });
      setPending(false);
    }
  };

  const switchTo = (next: AuthMode) => {
    setMode(next);
    setError(null);
    setSent(null);
  };

  if (sent) return <CheckYourEmail sent={sent} mode={mode} onBack={() => setSent(null)} />;

  const signup = mode === "signup";
  return (
    <form method="post" onSubmit={submit} noValidate aria-label={t(`heading.${mode}`)} className="space-y-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{t(`heading.${mode}`)}</h2>
        {mode === "forgot" ? (
          <p className="mt-1 text-sm text-slate-700">{t("forgotIntro")}</p>
        ) : signup ? (
          <p className="mt-1 text-sm text-slate-700">{t("signupIntro")}</p>
        ) : intro ? (
          <p className="mt-1 text-sm text-slate-700">{intro}</p>
        ) : null}
      </div>
      {error ? <ErrorNotice id={`${id}-error`}>{error.message}</ErrorNotice> : null}
      {signup ? (
        <Field
          id={`${id}-name`}
          label={
            <>
              {t("name")} <span className="font-normal text-slate-600">{t("optional")}</span>
            </>
          }
          {...marked("name")}
        >
          {(control) => <Input {...control} name="name" type="text" autoComplete="name" maxLength={80} />}
        </Field>
      ) : null}
      <Field id={`${id}-email`} label={t("email")} {...marked("email")}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      {mode !== "forgot" ? (
        <Field
          id={`${id}-password`}
          label={t("password")}
          hint={signup ? t("passwordHint", { min: PASSWORD_MIN_LENGTH }) : undefined}
          aside={
            mode === "signin" ? (
              <p className="text-sm">
                <button type="button" onClick={() => switchTo("forgot")} className={`${textLinkClass} inline-flex min-h-6 items-center`}>
                  {t("forgotPassword")}
                </button>
              </p>
            ) : undefined
          }
          {...marked("password")}
        >
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              required
              minLength={signup ? PASSWORD_MIN_LENGTH : undefined}
              autoComplete={signup ? "new-password" : "current-password"}
            />
          )}
        </Field>
      ) : null}
      <Button type="submit" disabled={pending}>
        {t(`submit.${mode}${pending ? "Pending" : ""}`)}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {mode === "signin" ? t("newHere") : mode === "signup" ? t("haveAccount") : t("rememberedIt")}{" "}
        <button type="button" onClick={() => switchTo(mode === "signin" ? "signup" : "signin")} className={textLinkClass}>
          {mode === "signin" ? t("createAccount") : t("signIn")}
        </button>
      </p>
    </form>
  );
};
