import type { ReactNode } from "react";
import { DocumentLang } from "@/components/hosted/document-lang";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";

/** The frame of the development mail outbox: the hosted pages' look, in a wider column for mail. */
export const OutboxLayout = ({ children }: { children: ReactNode }) => (
  <div lang="en" className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
    <DocumentLang lang="en" />
    <SkipLink />
    <header className="border-b border-amber-200 bg-amber-50">
      <p className="mx-auto max-w-3xl px-4 py-2 text-sm text-amber-900">
        <span className="font-semibold">Development only.</span> Mails are kept here when <code className="rounded bg-amber-100 px-1">SMTP_URL</code> is not
        set. Production serves this page only with <code className="rounded bg-amber-100 px-1">COINOP_MAIL_OUTBOX=1</code>.
      </p>
    </header>
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
      {children}
    </main>
    <PoweredBy />
  </div>
);

/** When a mail was stored: absolute, in UTC, so screenshots and tests read the same everywhere. */
export const MailTime = ({ at }: { at: Date }) => <time dateTime={at.toISOString()}>{at.toISOString().replace("T", " ").slice(0, 19)} UTC</time>;
