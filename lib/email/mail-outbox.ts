// The development mail outbox: the mails sendEmail stored because no SMTP_URL was set, as /dev/mail shows them.
import { config, type Env } from "../config/env.ts";
import type { MailMessage } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Whether /dev/mail is served: always outside production, and in production only with COINOP_MAIL_OUTBOX=1
 * (the e2e server runs a production build). Elsewhere it is a 404: the outbox holds every mail's links.
 */
export const isMailOutboxEnabled = (env: Partial<Pick<Env, "NODE_ENV" | "COINOP_MAIL_OUTBOX">> = config()): boolean =>
  env.NODE_ENV !== "production" || env.COINOP_MAIL_OUTBOX === "1";

export const OUTBOX_PAGE_SIZE = 50;

/** The newest stored mails first, optionally only those to one address. */
export const listMailMessages = (ctx: DbContext, { to, take = OUTBOX_PAGE_SIZE }: { to?: string; take?: number } = {}): Promise<MailMessage[]> =>
  ctx.db.mailMessage.findMany({ where: to ? { to } : {}, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });

/** One stored mail, or null. */
export const findMailMessage = (ctx: DbContext, { id }: { id: string }): Promise<MailMessage | null> =>
  id.length > 64 ? Promise.resolve(null) : ctx.db.mailMessage.findUnique({ where: { id } });
