import type { Player } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { consumeEmailToken, findUsableEmailToken, linkNotUsable, retireEmailTokens } from "./consume-email-token.ts";
import { checkPasswordHash } from "./password-hash.ts";
import { assertNotLocked, clearSignInFailures, lockThrottles, recordEvents, signInThrottleEntries } from "./sign-in-throttle.ts";

export const wrongSignUpPassword = () =>
  new AppError("WRONG_CREDENTIALS", "That is not the password you chose when you signed up. Try again, or sign up again to choose a new one.");

/**
 * Finishes a sign-up from its mailed link (verify_email). The holder must also give the password chosen at
 * sign-up, so a link that reached a mailbox whose owner did not sign up (someone else typed their email)
 * cannot be completed by that owner clicking it, nor by a mail scanner. Then, in one transaction: the token is
 * used (single use, race-safe), the player exists (created if new), its email is verified, and the password is
 * set only if the account still has none; other pending sign-up links of the email die. Wrong passwords count
 * as failed sign-ins (per email and per address). Returns the player, to be signed in.
 */
export const verifyEmail = async (
  ctx: DbContext,
  { token, password, ip, now = new Date() }: { token: string; password: unknown; ip: string; now?: Date },
): Promise<Player> => {
  const found = await findUsableEmailToken(ctx, { token, purpose: "verify_email", now });
  if (!found) throw linkNotUsable();
  const player = await inTransaction(ctx.db, async (tx) => {
    const rows = await lockThrottles({ ...ctx, db: tx }, { entries: signInThrottleEntries(found.email, ip) });
    assertNotLocked(rows, now);
    if (!(await checkPasswordHash(found.passwordHash, typeof password === "string" ? password : ""))) {
      await recordEvents({ ...ctx, db: tx }, { rows, now });
      return null;
    }
    const used = await consumeEmailToken({ ...ctx, db: tx }, { token, purpose: "verify_email", now });
    await tx.player.createMany({ data: [{ id: newId(), email: used.email, name: used.name ?? "" }], skipDuplicates: true });
    await tx.player.updateMany({
      where: { email: used.email, passwordHash: null },
      data: { passwordHash: used.passwordHash, ...(used.name ? { name: used.name } : {}) },
    });
    await tx.player.updateMany({ where: { email: used.email, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await retireEmailTokens({ ...ctx, db: tx }, { email: used.email, purpose: "verify_email", now });
    await clearSignInFailures({ ...ctx, db: tx }, { email: used.email, ip });
    return tx.player.findUniqueOrThrow({ where: { email: used.email } });
  });
  if (!player) throw wrongSignUpPassword();
  return player;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CONSUME_EMAIL_TOKEN_ERRORS } from "./consume-email-token.ts";
import { SIGN_IN_THROTTLE_ERRORS } from "./sign-in-throttle.ts";
export const VERIFY_EMAIL_ERRORS = ["WRONG_CREDENTIALS", ...CONSUME_EMAIL_TOKEN_ERRORS, ...SIGN_IN_THROTTLE_ERRORS] as const satisfies readonly ErrorCode[];
