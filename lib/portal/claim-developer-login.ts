import { parseEmail } from "../core/email.ts";
import type { DbContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import { isDeveloperLoginEnabled } from "../config/settings.ts";
import { WRONG_CREDENTIALS } from "../auth/credentials.ts";
import { checkPasswordHash, hashPassword } from "../auth/password-hash.ts";
import { assertNotLocked, clearSignInFailures, lockThrottles, recordEvents, signInThrottleEntries } from "../auth/sign-in-throttle.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";

/**
 * The login `npm run seed` prints (a DeveloperAccount: email and password) made usable on the hosted
 * sign-in. When the email and password match a developer account whose businesses are all test-environment
 * (the seed's), and no player has that email yet, a player is created with the same password and the email
 * marked verified (the seed made the account; its address may not even receive mail). The browser then
 * signs in through next-auth as any player does. An existing player is left as it is (its own password
 * signs it in). Wrong credentials, an unknown email, or a developer account with a live business all give
 * the same 401 WRONG_CREDENTIALS after the same work, counted by the sign-in throttle (per email and address).
 * In production (unless COINOP_DEVELOPER_LOGIN=1) it does not exist: 404, nothing read or made.
 */
export const claimDeveloperLogin = async (
  ctx: DbContext,
  { email, password, ip, now = new Date() }: { email: unknown; password: unknown; ip: string; now?: Date },
) => {
  if (!isDeveloperLoginEnabled()) throw notFound("The developer login");
  const normalized = parseEmail(email);
  const given = typeof password === "string" ? password : "";
  const found = await inTransaction(ctx.db, async (tx) => {
    const rows = await lockThrottles({ db: tx }, { entries: signInThrottleEntries(normalized, ip) });
    assertNotLocked(rows, now);
    const dev = normalized
      ? await tx.developerAccount.findUnique({ where: { email: normalized }, include: { businesses: { select: { environment: true } } } })
      : null;
    const ok = await checkPasswordHash(dev?.passwordHash, given);
    const testOnly = !!dev && dev.businesses.length > 0 && dev.businesses.every((b) => b.environment === "test");
    if (!dev || !ok || !testOnly) {
      await recordEvents({ db: tx }, { rows, now });
      return null;
    }
    await clearSignInFailures({ db: tx }, { email: dev.email, ip });
    return dev;
  });
  if (!found) throw new AppError("WRONG_CREDENTIALS", WRONG_CREDENTIALS);
  const existing = await ctx.db.player.findUnique({ where: { email: found.email }, select: { id: true } });
  if (existing) return { email: found.email, created: false };
  const passwordHash = await hashPassword(given);
  // a concurrent claim (or sign-up) that created the player first wins
  const { count } = await ctx.db.player.createMany({
    data: [{ id: newId(), email: found.email, name: found.name, passwordHash, emailVerifiedAt: now }],
    skipDuplicates: true,
  });
  return { email: found.email, created: count === 1 };
};
