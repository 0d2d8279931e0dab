// /dev/mail/{id}: one stored mail, its text with the links clickable. Same guard as the list (in production,
// the token in ?token=…).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LinkedText } from "@/components/dev/linked-text";
import { MailTime, OutboxLayout } from "@/components/dev/outbox-layout";
import { getDb } from "@/lib/db/client";
import { emailFrom } from "@/lib/email/send-email";
import { findMailMessage, mayReadMailOutbox, outboxHref } from "@/lib/email/mail-outbox";
import { textLinkClass } from "@/components/ui/classes";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ token?: string | string[] }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail", robots: { index: false, follow: false }, referrer: "no-referrer" };

const MailPage = async ({ params, searchParams }: Props) => {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? null;
  if (!mayReadMailOutbox(token)) notFound();
  const mail = await findMailMessage({ db: getDb() }, { id: (await params).id });
  if (!mail) notFound();
  return (
    <OutboxLayout>
      <p className="text-sm">
        <a href={outboxHref("/dev/mail", token)} className={textLinkClass}>
          ← All mails
        </a>
      </p>
      <article aria-labelledby="subject" className="mt-4 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5">
        <header className="border-b border-slate-200 px-4 py-5 sm:px-6">
          <h1 id="subject" className="text-xl font-semibold text-balance text-slate-900">
            {mail.subject}
          </h1>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">From</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{emailFrom()}</dd>
            <dt className="text-slate-600">To</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900" data-testid="mail-to">
              {mail.to}
            </dd>
            <dt className="text-slate-600">Sent</dt>
            <dd className="text-slate-900">
              <MailTime at={mail.createdAt} />
            </dd>
          </dl>
        </header>
        <div className="px-4 py-5 sm:px-6">
          <LinkedText text={mail.text} />
        </div>
      </article>
    </OutboxLayout>
  );
};

export default MailPage;
