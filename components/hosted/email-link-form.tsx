"use client";
// The form of a mailed link's page: /account/verify/… (the password chosen at sign-up, to finish it) and
// /account/reset/… (a new password). Both sign in through next-auth's credentials provider (a POST, so a
// mail scanner that fetches the link does nothing), then go back to the page the player came from.
import { signIn } from "next-auth/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { readableError } from "./auth-form";
import { StateMessage, ErrorNotice } from "./state-message";
import { Button } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const PLAYER_CREDENTIALS = "player-credentials";
const PASSWORD_MIN_LENGTH = 8;

type Props = { mode: "verify" | "reset"; token: string; email: string; returnTo: string | null; title: string; intro: string };

const Done = ({ email, returnTo }: { email: string; returnTo: string | null }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="focus:outline-none">
      <StateMessage tone="success" title="You're signed in" headingId="title">
        <p>
          Signed in as <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</span>.
        </p>
        {returnTo ? (
          <p className="mt-2">
            Taking you back…{" "}
            <a href={returnTo} className={textLinkClass}>
              Continue
            </a>
          </p>
        ) : (
          <p className="mt-2">You can close this page and go back to the game.</p>
        )}
      </StateMessage>
    </div>
  );
};

export const EmailLinkForm = ({ mode, token, email, returnTo, title, intro }: Props) => {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const verify = mode === "verify";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!verify && password.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await signIn(PLAYER_CREDENTIALS, { redirect: false, mode, token, password });
      if (!res || res.error) {
        setError(readableError(res?.error ?? "") || "We could not sign you in. Please try again.");
        setPending(false);
        return;
      }
      setDone(true);
      // A full navigation, so the page renders on the server with the new session.
      if (returnTo) window.location.assign(returnTo);
    } catch {
      setError("We could not reach the server. Check your connection and try again.");
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
      <form onSubmit={submit} noValidate aria-labelledby="title" className="mt-6 space-y-4">
        {error ? <ErrorNotice id={`${id}-error`}>{error}</ErrorNotice> : null}
        <Field id={`${id}-email`} label="Email">
          {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="username" className="bg-slate-50 text-slate-700" />}
        </Field>
        <Field
          id={`${id}-password`}
          label={verify ? "Password you chose" : "New password"}
          hint={verify ? "The password you typed when you created the account." : `At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={Boolean(error)}
          errorId={`${id}-error`}
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
          {pending ? (verify ? "Confirming…" : "Saving…") : verify ? "Confirm and sign in" : "Save password and sign in"}
        </Button>
      </form>
    </>
  );
};
