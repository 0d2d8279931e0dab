"use client";
// The seed's developer login (the `portal` email and password `npm run seed` prints): the server checks it
// and makes the matching player (a server action passed by the page), then the browser signs in through
// next-auth like the hosted sign-in form, and the page re-renders signed in.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

// Kept in step with lib/auth/auth-options.ts (a server-only module).
const PLAYER_CREDENTIALS = "player-credentials";

type Claim = (form: FormData) => Promise<{ ok: true } | { ok: false; error: string }>;

/** The form's words, in the page's language (the server page translates them). */
export type DeveloperLoginWords = { form: string; email: string; password: string; submit: string; pending: string; wrong: string };

export const DeveloperLoginForm = ({ claim, words }: { claim: Claim; words: DeveloperLoginWords }) => {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const claimed = await claim(form);
    if (!claimed.ok) {
      setError(claimed.error);
      setPending(false);
      return;
    }
    const res = await signIn(PLAYER_CREDENTIALS, {
      redirect: false,
      mode: "signin",
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    if (!res || res.error) {
      setError(res?.error || words.wrong);
      setPending(false);
      return;
    }
    router.replace("/portal");
    router.refresh();
  };
  return (
    <form method="post" onSubmit={submit} aria-label={words.form} className="flex flex-col gap-3">
      {error ? <ErrorNotice id="dev-login-error">{error}</ErrorNotice> : null}
      <Field id="dev-email" label={words.email} error={!!error} errorId="dev-login-error">
        {(c) => <Input {...c} name="email" type="email" autoComplete="username" required />}
      </Field>
      <Field id="dev-password" label={words.password} error={!!error} errorId="dev-login-error">
        {(c) => <Input {...c} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? words.pending : words.submit}
      </Button>
    </form>
  );
};
