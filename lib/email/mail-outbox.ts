// The development mail outbox: the mails sendEmail stored because no SMTP_URL was set, as /dev/mail shows them.
// It holds every mail's links (password resets, sign-ups): in production it is served only with
// COINOP_MAIL_OUTBOX=1 and then only to a URL that carries its token (issue 26, finding 15).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { config, type Env } from "../config/env.ts";
import type { MailMessage } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Whether /dev/mail is served: always outside production, and in production only with COINOP_MAIL_OUTBOX=1
 * (the e2e server runs a production build). Elsewhere it is a 404: the outbox holds every mail's links.
 */
export const isMailOutboxEnabled = (env: Partial<Pick<Env, "NODE_ENV" | "COINOP_MAIL_OUTBOX">> = config()): boolean =>
  env.NODE_ENV !== "production" || env.COINOP_MAIL_OUTBOX === "1";

type OutboxEnv = Partial<Pick<Env, "NODE_ENV" | "COINOP_MAIL_OUTBOX" | "COINOP_MAIL_OUTBOX_TOKEN">>;

/** Whether /dev/mail asks for its token: in production (where it is served at all only with COINOP_MAIL_OUTBOX=1). */
export const mailOutboxNeedsToken = (env: OutboxEnv = config()): boolean => env.NODE_ENV === "production";

/** Shorter tokens are refused: the token is the only thing between a stranger and every reset link. */
const TOKEN_MIN_LENGTH = 20;

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Whether this request may see the outbox: outside production always; in production only with
 * COINOP_MAIL_OUTBOX=1, a configured token (npm start makes one) and the same token in the URL, compared in
 * constant time. A production server without a token (a bare `next start`) serves no outbox at all.
 */
export const mayReadMailOutbox = (given: unknown, env: OutboxEnv = config()): boolean => {
  if (!isMailOutboxEnabled(env)) return false;
  if (!mailOutboxNeedsToken(env)) return true;
  const token = env.COINOP_MAIL_OUTBOX_TOKEN ?? "";
  if (token.length < TOKEN_MIN_LENGTH || typeof given !== "string" || given === "") return false;
  return timingSafeEqual(digest(given), digest(token));
};

/** An outbox path carrying the token the page was opened with (none in development). */
export const outboxHref = (path: string, token: string | null, params: Record<string, string> = {}): string => {
  const query = new URLSearchParams({ ...params, ...(token ? { token } : {}) }).toString();
  return query ? `${path}?${query}` : path;
};

/**
 * What `npm start` (scripts/launch.ts) does about the outbox: with COINOP_MAIL_OUTBOX=1, the token the
 * server gets (COINOP_MAIL_OUTBOX_TOKEN, or a random one made now) and the lines to print: the outbox's
 * address with the token, and a warning that says what the outbox exposes. Nothing otherwise (and nothing
 * in development, where the outbox needs no token).
 */
export const mailOutboxAtStart = ({
  mode,
  env,
  appUrl,
}: {
  mode: "dev" | "start";
  env: Partial<Pick<Env, "COINOP_MAIL_OUTBOX" | "COINOP_MAIL_OUTBOX_TOKEN">>;
  appUrl: string;
}): { env: { COINOP_MAIL_OUTBOX_TOKEN?: string }; lines: string[] } => {
  if (mode !== "start" || env.COINOP_MAIL_OUTBOX !== "1") return { env: {}, lines: [] };
  const configured = env.COINOP_MAIL_OUTBOX_TOKEN ?? "";
  const token = configured.length >= TOKEN_MIN_LENGTH ? configured : randomBytes(32).toString("base64url");
  return {
    env: { COINOP_MAIL_OUTBOX_TOKEN: token },
    lines: [
      ...(configured && configured !== token
        ? [`  COINOP_MAIL_OUTBOX_TOKEN is shorter than ${TOKEN_MIN_LENGTH} characters: a random token is used instead.`]
        : []),
      `  Mail outbox:    ${appUrl.replace(/\/+$/, "")}/dev/mail?token=${token}`,
      "  WARNING: COINOP_MAIL_OUTBOX=1 serves every mail this server sends, password-reset and sign-up links",
      "  included, to whoever has the address above: with it anyone can take over any account. Keep the token",
      "  secret, and set SMTP_URL (then unset COINOP_MAIL_OUTBOX) before real people use this server.",
    ],
  };
};

export const OUTBOX_PAGE_SIZE = 50;

/** The newest stored mails first, optionally only those to one address. */
export const listMailMessages = (ctx: DbContext, { to, take = OUTBOX_PAGE_SIZE }: { to?: string; take?: number } = {}): Promise<MailMessage[]> =>
  ctx.db.mailMessage.findMany({ where: to ? { to } : {}, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });

/** One stored mail, or null. */
export const findMailMessage = (ctx: DbContext, { id }: { id: string }): Promise<MailMessage | null> =>
  id.length > 64 ? Promise.resolve(null) : ctx.db.mailMessage.findUnique({ where: { id } });
