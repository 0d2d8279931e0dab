import { parseEmail } from "../core/email.ts";
import type { Player } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { WRONG_CREDENTIALS } from "./credentials.ts";
import { checkPasswordHash, hashPassword, isLegacyHash } from "./password-hash.ts";
import { assertNotLocked, clearSignInFailures, lockThrottles, recordEvents, signInThrottleEntries } from "./sign-in-throttle.ts";

export const wrongCredentials = () => new AppError("WRONG_CREDENTIALS", WRONG_CREDENTIALS);

/**
 * The player whose email and password match. An unknown email, a guest account without a password and a
 * wrong password all give the same 401 after the same work (an argon2 verify, against a dummy hash when
 * there is no real one), so neither the answer nor its timing reveals which emails exist. Failures are
 * counted per (email, client address) with growing delays, per email over every address (a high ceiling)
 * and per address (sign-in-throttle.ts), under row locks so parallel guesses cannot slip past a limit; a
 * held key is a 429 saying when to retry. Success clears only this client's failures on the email.
 * A bcrypt hash from before argon2 is replaced by an argon2 one on success.
 */
export const verifyPlayerPassword = async (
  ctx: DbContext,
  { email, password, ip, now = new Date() }: { email: unknown; password: unknown; ip: string; now?: Date },
): Promise<Player> => {
  const normalized = parseEmail(email);
  const given = typeof password === "string" ? password : "";
  const player = await inTransaction(ctx.db, async (tx) => {
    const rows = await lockThrottles({ ...ctx, db: tx }, { entries: signInThrottleEntries(normalized, ip) });
    assertNotLocked(rows, now);
    const found = normalized ? await tx.player.findUnique({ where: { email: normalized } }) : null;
    const ok = await checkPasswordHash(found?.passwordHash, given);
    if (!found?.passwordHash || !ok) {
      await recordEvents({ ...ctx, db: tx }, { rows, now });
      return null;
    }
    await clearSignInFailures({ ...ctx, db: tx }, { email: found.email, ip });
    return found;
  });
  if (!player) throw wrongCredentials();
  if (player.passwordHash && isLegacyHash(player.passwordHash)) {
    const passwordHash = await hashPassword(given);
    // Conditional: a reset that landed meanwhile wins.
    const { count } = await ctx.db.player.updateMany({ where: { id: player.id, passwordHash: player.passwordHash }, data: { passwordHash } });
    if (count === 1) return { ...player, passwordHash };
  }
  return player;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { SIGN_IN_THROTTLE_ERRORS } from "./sign-in-throttle.ts";
export const VERIFY_PLAYER_PASSWORD_ERRORS = ["WRONG_CREDENTIALS", ...SIGN_IN_THROTTLE_ERRORS] as const satisfies readonly ErrorCode[];
