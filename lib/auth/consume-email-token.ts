import type { EmailToken } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { tokenHashOf, type EmailTokenPurpose } from "./issue-email-token.ts";

export const linkNotUsable = () =>
  new AppError("EMAIL_LINK_INVALID", "This link has expired or was already used. Ask for a new one from the page you came from.");

/**
 * The unused, unexpired token of this purpose, or null. Looked up by its SHA-256 (the token is never
 * stored), so the lookup learns nothing from how close a guess is.
 */
export const findUsableEmailToken = async (
  ctx: DbContext,
  { token, purpose, now = new Date() }: { token: string; purpose: EmailTokenPurpose; now?: Date },
): Promise<EmailToken | null> => {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const row = await ctx.db.emailToken.findUnique({ where: { tokenHash: tokenHashOf(token) } });
  return row && row.purpose === purpose && !row.usedAt && row.expiresAt > now ? row : null;
};

/**
 * Marks the token used and returns it; 410 when it is unknown, of another purpose, expired or already
 * used. The update is conditional on usedAt still being null, so of two racing uses exactly one wins.
 */
export const consumeEmailToken = async (
  ctx: DbContext,
  { token, purpose, now = new Date() }: { token: string; purpose: EmailTokenPurpose; now?: Date },
): Promise<EmailToken> => {
  const found = await findUsableEmailToken(ctx, { token, purpose, now });
  if (!found) throw linkNotUsable();
  const { count } = await ctx.db.emailToken.updateMany({ where: { id: found.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (count === 0) throw linkNotUsable();
  return { ...found, usedAt: now };
};

/** Retires every other unused token of the email (of one purpose, or all): older links then die. */
export const retireEmailTokens = (ctx: DbContext, { email, purpose, now = new Date() }: { email: string; purpose?: EmailTokenPurpose; now?: Date }) =>
  ctx.db.emailToken.updateMany({ where: { email, usedAt: null, ...(purpose ? { purpose } : {}) }, data: { usedAt: now } });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CONSUME_EMAIL_TOKEN_ERRORS = ["EMAIL_LINK_INVALID"] as const satisfies readonly ErrorCode[];
