"use client";
// The browser half of SignedInAs (./signed-in-as.tsx passes the words in the page's language).
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { textLinkClass } from "@/components/ui/classes";

export type SignedInAsWords = { signedInAs: string; signOut: string; signingOut: string };

export const SignedInAsClient = ({ email, words }: { email: string; words: SignedInAsWords }) => {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 py-1 pr-2 pl-3 text-sm ring-1 ring-slate-200 ring-inset">
      <p className="min-w-0 text-slate-700">
        {words.signedInAs}{" "}
        <span className="block truncate font-semibold text-slate-900" title={email}>
          {email}
        </span>
      </p>
      <button
        type="button"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          await signOut({ redirect: false });
          router.refresh();
          setPending(false);
        }}
        className={`${textLinkClass} inline-flex min-h-11 shrink-0 items-center px-1`}
      >
        {pending ? words.signingOut : words.signOut}
      </button>
    </div>
  );
};
