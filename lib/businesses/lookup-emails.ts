import type { PlatformContext } from "../core/context.ts";
import { parseEmail } from "../core/email.ts";
import { AppError, type ErrorDetail } from "../core/errors.ts";
import type { LookupEmailsBody } from "./schemas.ts";

/**
 * Whether each email has an account (a player of this service: signed up, or made by a link approval or a
 * checkout), in the order sent and echoed as sent; nothing else about the player leaves. Emails match
 * case-insensitively. Any invalid email is 400 INVALID_EMAIL naming it, and nothing is looked up.
 */
export const lookupEmails = async (ctx: PlatformContext, body: LookupEmailsBody): Promise<{ results: { email: string; hasAccount: boolean }[] }> => {
  const bad: ErrorDetail[] = [];
  const normalized = body.emails.map((e, i) => {
    const email = parseEmail(e);
    if (!email) bad.push({ field: `emails.${i}`, message: "must be a valid email address, like name@example.com" });
    return email ?? "";
  });
  if (bad.length)
    throw new AppError("INVALID_EMAIL", `Invalid email: ${bad.map((d) => d.field).join(", ")}. Send addresses like name@example.com.`, { details: bad });
  const found = await ctx.db.player.findMany({ where: { email: { in: [...new Set(normalized)] } }, select: { email: true } });
  const known = new Set(found.map((p) => p.email));
  return { results: body.emails.map((email, i) => ({ email, hasAccount: known.has(normalized[i]) })) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LOOKUP_EMAILS_ERRORS = ["INVALID_EMAIL"] as const satisfies readonly ErrorCode[];
