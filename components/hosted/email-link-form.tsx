"use client";
// The form of a mailed link's page: /account/verify/… (the password chosen at sign-up, to finish it) and
// /account/reset/… (a new password). Both sign in through next-auth's credentials provider (a POST, so a
// mail scanner that fetches the link does nothing), then go back to the page the player came from.
// In the page's language: it sits under the "auth" catalog (app/account/email-link-page.tsx provides it).
// The verify form asks for a password, so it offers "Forgot password?": a reset link for the same email.
import { signIn } from "next-auth/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { sameOriginReturnPath } from "@/lib/core/return-to";
import type { MailRequestAction } from "@/lib/hosted/form-state";
import { translateAuthError } from "./auth-errors";
import { CheckYourEmail } from "./auth-form-client";
import { StateMessage, ErrorNotice } from "./state-message";
import { Button } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const PLAYER_CREDENTIALS = "player-credentials";
const PASSWORD_MIN_LENGTH = 8;

type Props = {
  mode: "verify" | "reset";
  token: string;
  email: string;
  returnTo: string | null;
  title: string;
  intro: string;
  /** mails a reset link (app/account/actions.ts): "Forgot password?" on the verify form */
  requestReset?: MailRequestAction;
};

/** The return target as this browser would follow it: a path on this page's own origin, or null (lib/core/return-to.ts). */
const ownPath = (returnTo: string | null): string | null => (typeof window === "undefined" ? null : sameOriginReturnPath(returnTo, window.location.origin));

const Done = ({ email, returnTo: given }: { email: string; returnTo: string | null }) => {
  const returnTo = ownPath(given);
  const t = useTranslations("auth");
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-[var(--ui-focus)]">
      <StateMessage tone="success" title={t("emailLink.doneTitle")} headingId="title">
        <p>
          {t.rich("emailLink.signedInAs", {
            email,
            strong: (chunks) => <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{chunks}</span>,
          })}
        </p>
        {returnTo ? (
          <p className="mt-2">
            {t("emailLink.takingBack")}{" "}
            <a href={returnTo} className={textLinkClass}>
              {t("emailLink.continue")}
            </a>
          </p>
        ) : (
          <p className="mt-2">{t("emailLink.closePage")}</p>
        )}
      </StateMessage>
    </div>
  );
};

/** "Forgot password?" from the verify form: mails a reset link to the same email, back to the same page. */
const ForgotPassword = ({
  email,
  returnTo,
  requestReset,
  onBack,
}: {
  email: string;
  returnTo: string | null;
  requestReset: MailRequestAction;
  onBack: () => void;
}) => {
  const t = useTranslations("auth");
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string; outbox: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (sent) return <CheckYourEmail sent={sent} mode="forgot" onBack={onBack} />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const form = new FormData();
      form.set("email", email);
      if (returnTo) form.set("returnTo", returnTo);
      const result = await requestReset(form);
      if (result.ok) setSent({ email: result.email, outbox: result.outbox });
      else setError(translateAuthError(result.error, t));
    } catch {
      setError(t("errors.network"));
    }
    setPending(false);
  };
  return (
    <form method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="mt-6 space-y-4 border-t border-slate-200 pt-5">
      <h2
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="rounded text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ui-focus)]"
      >
        {t("emailLink.forgotTitle")}
      </h2>
      <p className="text-sm leading-6 text-slate-700">
        {t.rich("emailLink.forgotIntro", {
          email,
          strong: (chunks) => <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{chunks}</span>,
        })}
      </p>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <Button type="submit" disabled={pending}>
        {pending ? t("submit.forgotPending") : t("emailLink.forgotSend")}
      </Button>
      <Button variant="secondary" onClick={onBack}>
        {t("emailLink.forgotCancel")}
      </Button>
    </form>
  );
};

export const EmailLinkForm = ({ mode, token, email, returnTo, title, intro, requestReset }: Props) => {
  const t = useTranslations("auth");
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [forgot, setForgot] = useState(false);
  const verify = mode === "verify";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!verify && password.length < PASSWORD_MIN_LENGTH) {
      setError(t("errors.passwordTooShort", { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await signIn(PLAYER_CREDENTIALS, { redirect: false, mode, token, password });
      if (!res || res.error) {
        setError(translateAuthError(res?.error ?? "", t));
        setPending(false);
        return;
      }
      setDone(true);
      // A full navigation, so the page renders on the server with the new session.
      const target = ownPath(returnTo);
      if (target) window.location.assign(target);
    } catch {
      setError(t("errors.network"));
      setPending(false);
    }
  };

  if (done) return <Done email={email} returnTo={returnTo} />;
  return (
    <>
      <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">{intro}</p>
      <form method="post" onSubmit={submit} noValidate aria-labelledby="title" className="mt-6 space-y-4">
        {error ? <ErrorNotice id={`${id}-error`}>{error}</ErrorNotice> : null}
        <Field id={`${id}-email`} label={t("email")}>
          {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="username" className="bg-slate-50 text-slate-700" />}
        </Field>
        <Field
          id={`${id}-password`}
          label={verify ? t("emailLink.passwordVerify") : t("emailLink.passwordReset")}
          hint={verify ? t("emailLink.hintVerify") : t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
          error={Boolean(error)}
          errorId={`${id}-error`}
          aside={
            verify && requestReset ? (
              <p className="text-sm">
                <button type="button" aria-expanded={forgot} onClick={() => setForgot(true)} className={`${textLinkClass} inline-flex min-h-6 items-center`}>
                  {t("emailLink.forgotPassword")}
                </button>
              </p>
            ) : undefined
          }
        >
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              required
              autoFocus
              minLength={verify ? undefined : PASSWORD_MIN_LENGTH}
              autoComplete={verify ? "current-password" : "new-password"}
            />
          )}
        </Field>
        <Button type="submit" disabled={pending}>
          {pending ? (verify ? t("emailLink.confirming") : t("emailLink.saving")) : verify ? t("emailLink.confirm") : t("emailLink.save")}
        </Button>
      </form>
      {forgot && requestReset ? <ForgotPassword email={email} returnTo={returnTo} requestReset={requestReset} onBack={() => setForgot(false)} /> : null}
    </>
  );
};
