"use client";
// Who is signed in, with a way to switch accounts.
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { textLinkClass } from "@/components/ui/classes";

export const SignedInAs = ({ email }: { email: string }) => {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 py-1 pr-2 pl-3 text-sm ring-1 ring-slate-200 ring-inset">
      <p className="min-w-0 text-slate-700">
        Signed in as{" "}
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
        {pending ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
};
