import type { Player } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { consumeEmailToken, findUsableEmailToken, linkNotUsable, retireEmailTokens } from "./consume-email-token.ts";
import { checkNewPassword } from "./credentials.ts";
import { hashPassword } from "./password-hash.ts";
import { clearEvents, SIGN_IN_PER_EMAIL } from "./sign-in-throttle.ts";

/**
 * Sets a new password from a mailed reset link (reset_password). The link proves the mailbox, so the email
 * is verified too. In one transaction: the token is used (single use, race-safe), every other unused link of
 * the email dies (a pending sign-up someone else started included), and the email's failed sign-ins over
 * every address (its ceiling, sign-in-throttle.ts) are cleared: guesses at the old password are moot. Sessions signed in with the old password end (their stamp no longer matches). A bad new password
 * is a 400 and leaves the link usable. Returns the player, to be signed in.
 */
export const resetPassword = async (
  ctx: DbContext,
  { token, password, now = new Date() }: { token: string; password: unknown; now?: Date },
): Promise<Player> => {
  const newPassword = checkNewPassword(password);
  if (!(await findUsableEmailToken(ctx, { token, purpose: "reset_password", now }))) throw linkNotUsable();
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(ctx.db, async (tx) => {
    const used = await consumeEmailToken({ ...ctx, db: tx }, { token, purpose: "reset_password", now });
    await tx.player.createMany({ data: [{ id: newId(), email: used.email }], skipDuplicates: true });
    const player = await tx.player.findUniqueOrThrow({ where: { email: used.email } });
    await retireEmailTokens({ ...ctx, db: tx }, { email: used.email, now });
    await clearEvents({ ...ctx, db: tx }, { rule: SIGN_IN_PER_EMAIL, value: used.email });
    return tx.player.update({ where: { id: player.id }, data: { passwordHash, emailVerifiedAt: player.emailVerifiedAt ?? now } });
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CONSUME_EMAIL_TOKEN_ERRORS } from "./consume-email-token.ts";
import { CREDENTIALS_ERRORS } from "./credentials.ts";
import { SIGN_IN_THROTTLE_ERRORS } from "./sign-in-throttle.ts";
export const RESET_PASSWORD_ERRORS = [...CONSUME_EMAIL_TOKEN_ERRORS, ...CREDENTIALS_ERRORS, ...SIGN_IN_THROTTLE_ERRORS] as const satisfies readonly ErrorCode[];
