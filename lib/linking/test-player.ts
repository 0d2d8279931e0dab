// Test players: the accounts the test helpers create and act as. A helper never signs in as an account a
// person signed up for, nor as another business's test player (docs/decisions/test-mode.md).
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";

type PlayerRow = { email: string; passwordHash: string | null; emailVerifiedAt: Date | null; testBusinessId: string | null };

const signedUp = (player: PlayerRow): boolean => player.passwordHash !== null || player.emailVerifiedAt !== null;

const notATestPlayer = (email: string) =>
  new AppError(
    "NOT_A_TEST_PLAYER",
    `${email} is not a test player of this business: test helpers act only as players a test helper of this business created, never as an account a person signed up for. Use a fresh email (one no account has), or leave email out for a new random test player.`,
  );

/**
 * The player a helper of `businessId` may act as, or 403 NOT_A_TEST_PLAYER (one message either way: it
 * says nothing about the account). A test player of this business nobody signed up as is returned; one no
 * business's helper has marked yet (made from an email alone, e.g. by a checkout grant, and never signed up)
 * becomes this business's test player, so no other business's helper can act as it afterwards.
 */
export const requireTestPlayer = async <P extends PlayerRow & { id: string }>(ctx: DbContext, player: P, businessId: string): Promise<P> => {
  if (signedUp(player)) throw notATestPlayer(player.email);
  if (player.testBusinessId === businessId) return player;
  if (player.testBusinessId === null) {
    const { count } = await ctx.db.player.updateMany({
      where: { id: player.id, testBusinessId: null, passwordHash: null, emailVerifiedAt: null },
      data: { testBusinessId: businessId },
    });
    if (count === 1) return { ...player, testBusinessId: businessId };
  }
  throw notATestPlayer(player.email);
};

/**
 * The test player of `email` for a helper of `businessId`: created (marked with the business) when no account
 * has the email, else the existing one when requireTestPlayer allows it. Two first uses racing get the same
 * player (ON CONFLICT DO NOTHING, then read).
 */
export const findOrCreateTestPlayer = async (ctx: DbContext, { email, name, businessId }: { email: string; name?: string; businessId: string }) => {
  const normalized = email.trim().toLowerCase();
  await ctx.db.player.createMany({ data: [{ id: newId(), email: normalized, name: name ?? "", testBusinessId: businessId }], skipDuplicates: true });
  return requireTestPlayer(ctx, await ctx.db.player.findUniqueOrThrow({ where: { email: normalized } }), businessId);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const TEST_PLAYER_ERRORS = ["NOT_A_TEST_PLAYER"] as const satisfies readonly ErrorCode[];
