// /dev/mail: the mail outbox, newest first. Served outside production, or with COINOP_MAIL_OUTBOX=1 (the
// e2e server) to a URL with the token `npm start` prints (?token=…); anywhere else a 404. A person or a
// Playwright test reads a sign-up mail here. Its links carry the token it was opened with.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MailTime, OutboxLayout } from "@/components/dev/outbox-layout";
import { parseEmail } from "@/lib/core/email";
import { getDb } from "@/lib/db/client";
import { listMailMessages, mayReadMailOutbox, OUTBOX_PAGE_SIZE, outboxHref } from "@/lib/email/mail-outbox";
import { buttonClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";

type Props = { searchParams: Promise<{ to?: string | string[]; token?: string | string[] }> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail outbox", robots: { index: false, follow: false }, referrer: "no-referrer" };

const MailOutboxPage = async ({ searchParams }: Props) => {
  const query = await searchParams;
  const token = first(query.token) ?? null;
  if (!mayReadMailOutbox(token)) notFound();
  const to = parseEmail(first(query.to)) ?? undefined;
  const mails = await listMailMessages({ db: getDb() }, { to });
  return (
    <OutboxLayout>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mail outbox</h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">
        Every mail this server sent, newest first (the latest {OUTBOX_PAGE_SIZE}). Open one to follow its links.
      </p>
      <form method="get" role="search" aria-label="Filter by recipient" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="to" className={labelClass}>
            Recipient
          </label>
          <input id="to" name="to" type="email" maxLength={254} defaultValue={to ?? ""} placeholder="player@example.com" className={inputClass} />
        </div>
        {token ? <input type="hidden" name="token" value={token} /> : null}
        <button type="submit" className={`${buttonClass({ variant: "secondary" })} sm:w-auto`}>
          Filter
        </button>
      </form>
      {to ? (
        <p className="mt-3 text-sm text-slate-700">
          Mails to <span className="font-semibold [overflow-wrap:anywhere]">{to}</span>.{" "}
          <a href={outboxHref("/dev/mail", token)} className={textLinkClass}>
            Show all
          </a>
        </p>
      ) : null}
      {mails.length === 0 ? (
        <p role="status" className="mt-6 rounded-2xl bg-white p-6 text-center text-sm text-slate-700 shadow-sm ring-1 ring-slate-900/5">
          No mails yet.
        </p>
      ) : (
        <ol
          aria-label="Mails"
          className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5"
        >
          {mails.map((m) => (
            <li key={m.id} className="relative px-4 py-4 hover:bg-slate-50 sm:px-6">
              <p className="font-semibold text-slate-900">
                <a href={outboxHref(`/dev/mail/${m.id}`, token)} className={`${textLinkClass} text-slate-900 no-underline after:absolute after:inset-0`}>
                  {m.subject}
                </a>
              </p>
              <p className="mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="min-w-0 [overflow-wrap:anywhere]">To {m.to}</span>
                <MailTime at={m.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </OutboxLayout>
  );
};

export default MailOutboxPage;
