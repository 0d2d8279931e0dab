import type { Prisma } from "../db/generated/client.ts";
import { newId, randomHex } from "../db/ids.ts";
import { inTransaction, type DbClient } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { findOrCreatePlayer, linkPlayer } from "../linking/link-player.ts";
import { checkCustomMessage, checkMetadata } from "./check-metadata.ts";
import { GRANT_LIFETIME_MS } from "./grant-states.ts";
import { loadCheckoutItem } from "./load-item.ts";
import type { GrantBody } from "./schemas.ts";
import { grantCheckoutUrl } from "./sign-url.ts";
import { useTestClock } from "../test-clocks/use-test-clock.ts";

/** The domain of the placeholder email of a guest created without one (never mailed: .invalid is reserved). */
export const GUEST_EMAIL_DOMAIN = "guest.coinop.invalid";

/** The grant's payer: an existing userRef of the game (else 400 INVALID_USER_REF), the email's account, or a fresh guest. */
const grantPayer = async (
  db: DbClient,
  { gameId, environment, userRef, email }: { gameId: string; environment: Environment; userRef?: string; email?: string },
) => {
  if (userRef) {
    const link = await db.playerLink.findUnique({ where: { userRef } });
    if (!link || link.namespaceType !== "game" || link.namespaceId !== gameId || link.environment !== environment || link.status !== "active")
      throw new AppError(
        "INVALID_USER_REF",
        `userRef ${JSON.stringify(userRef)} does not exist for this game; omit it to use the email's account or a new guest.`,
        {
          details: [{ field: "userRef", message: "does not exist for this game" }],
        },
      );
    return { userRef: link.userRef, playerId: link.playerId };
  }
  const player = await findOrCreatePlayer({ db }, { email: email ?? `guest-${randomHex(12)}@${GUEST_EMAIL_DOMAIN}` });
  const link = await linkPlayer({ db }, { namespace: { type: "game", id: gameId }, environment, playerId: player.id });
  return { userRef: link.userRef, playerId: player.id };
};

/**
 * POST /v1/checkout/grants: a signed, 2-hour checkout URL for one item and one payer. The item must be
 * the key's game's (404), visible and for sale (410); limits on checkoutMetadata and customMessage are
 * checked before anything is written, and customMessage is stored without HTML tags.
 */
export const createCheckoutGrant = (ctx: GameContext, body: GrantBody) =>
  inTransaction(ctx.db, async (tx) => {
    const metadata = body.checkoutMetadata === undefined ? null : checkMetadata(body.checkoutMetadata);
    const customMessage = body.customMessage === undefined || body.customMessage === null ? null : checkCustomMessage(body.customMessage);
    const gameId = ctx.scope.gameId;
    const product = await loadCheckoutItem({ ...ctx, db: tx }, { keyGameId: gameId, environment: ctx.scope.environment, itemId: body.itemId, rules: "grant" });
    // a grant on a test clock counts its 2 hours from the clock's time (docs/decisions/test-clocks.md)
    const time = await useTestClock({ ...ctx, db: tx }, body.testClock);
    const payer = await grantPayer(tx, { gameId, environment: ctx.scope.environment, userRef: body.userRef, email: body.email });
    const grant = await tx.checkoutGrant.create({
      data: {
        id: `ckg_${ctx.scope.environment === "test" ? "test_" : ""}${newId()}`,
        gameId,
        environment: ctx.scope.environment,
        productId: product.id,
        userRef: payer.userRef,
        playerId: payer.playerId,
        email: body.email?.trim().toLowerCase() ?? null,
        checkoutMetadata: (metadata ?? undefined) as Prisma.InputJsonValue | undefined,
        customMessage: customMessage || null,
        expiresAt: new Date(time.now.getTime() + GRANT_LIFETIME_MS),
        testClockId: time.testClockId,
      },
    });
    return { checkoutUrl: grantCheckoutUrl(grant.id), userRef: payer.userRef };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_METADATA_ERRORS } from "./check-metadata.ts";
import { LOAD_ITEM_ERRORS } from "./load-item.ts";
import { USE_TEST_CLOCK_ERRORS } from "../test-clocks/use-test-clock.ts";
export const CREATE_GRANT_ERRORS = [
  "INVALID_USER_REF",
  ...CHECK_METADATA_ERRORS,
  ...LOAD_ITEM_ERRORS,
  ...USE_TEST_CLOCK_ERRORS,
] as const satisfies readonly ErrorCode[];
