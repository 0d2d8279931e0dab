"use client";
// Email + password sign-in and sign-up for players, through next-auth's credentials provider. Used by
// the link approval page and the hosted checkout. After success the page re-renders on the server
// with the player signed in.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { ErrorNotice } from "./state-message";
import { inputClass, labelClass, primaryButton, textLink } from "./styles";

export type AuthMode = "signin" | "signup";

// Kept in step with lib/auth (imported there from server-only modules).
const PLAYER_CREDENTIALS = "player-credentials";
const PASSWORD_MIN_LENGTH = 8;

/** next-auth reports a failed authorize as its message; "CredentialsSignin" is its generic code. */
const readableError = (error: string): string =>
  error === "CredentialsSignin" ? "Wrong email or password." : /^[A-Z][a-zA-Z]+$/.test(error) ? "We could not sign you in. Please try again." : error;

type AuthFormProps = {
  /** pre-fills the email field (the email the game or the checkout already knows) */
  defaultEmail?: string;
  defaultMode?: AuthMode;
  /** a line under the heading, e.g. why an account is needed */
  intro?: string;
  /** called after a successful sign-in; by default the page re-renders on the server, signed in */
  onSignedIn?: () => void;
};

/** The field an error is about, so that field is marked invalid and points at the message. */
const fieldOf = (error: string | null): "email" | "password" | "name" | null =>
  !error ? null : /^Password/.test(error) ? "password" : /email address/.test(error) ? "email" : /^Name/.test(error) ? "name" : null;

export const AuthForm = ({ defaultEmail = "", defaultMode = "signin", intro, onSignedIn }: AuthFormProps) => {
  const router = useRouter();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>(defaultMode);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signup = mode === "signup";
  const invalid = fieldOf(error);
  const fieldProps = (field: "email" | "password" | "name", hint?: string) => ({
    "aria-invalid": invalid === field || undefined,
    "aria-describedby": [invalid === field ? `${id}-error` : null, hint ?? null].filter(Boolean).join(" ") || undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (signup && password.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await signIn(PLAYER_CREDENTIALS, {
        redirect: false,
        mode,
        email: String(form.get("email") ?? ""),
        password,
        name: String(form.get("name") ?? ""),
      });
      if (!res || res.error) {
        setError(readableError(res?.error ?? "") || "We could not sign you in. Please try again.");
        setPending(false);
        return;
      }
      if (onSignedIn) {
        setPending(false);
        onSignedIn();
      } else router.refresh();
    } catch {
      setError("We could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  };

  const switchTo = (next: AuthMode) => {
    setMode(next);
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={signup ? "Create your account" : "Sign in"} className="space-y-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{signup ? "Create your account" : "Sign in to continue"}</h2>
        {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
      </div>
      {error ? <ErrorNotice id={`${id}-error`}>{error}</ErrorNotice> : null}
      {signup ? (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id={`${id}-name`} name="name" type="text" autoComplete="name" maxLength={80} className={inputClass} {...fieldProps("name")} />
        </div>
      ) : null}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="email" defaultValue={defaultEmail} className={inputClass} {...fieldProps("email")} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-password`} className={labelClass}>
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          required
          minLength={signup ? PASSWORD_MIN_LENGTH : undefined}
          autoComplete={signup ? "new-password" : "current-password"}
          className={inputClass}
          {...fieldProps("password", signup ? `${id}-password-hint` : undefined)}
        />
        {signup ? (
          <p id={`${id}-password-hint`} className="text-xs text-slate-600">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={pending} className={primaryButton}>
        {pending ? (signup ? "Creating account…" : "Signing in…") : signup ? "Create account" : "Sign in"}
      </button>
      <p className="text-center text-sm text-slate-700">
        {signup ? "Already have an account? " : "New here? "}
        <button type="button" onClick={() => switchTo(signup ? "signin" : "signup")} className={textLink}>
          {signup ? "Sign in" : "Create an account"}
        </button>
      </p>
    </form>
  );
};
