import type { CheckoutGrant, CheckoutSession } from "../db/generated/client.ts";
import { AppError, notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { expireGrant } from "./expire-grants.ts";
import { isGrantExpired } from "./grant-states.ts";
import { clockTimeOf } from "../test-clocks/use-test-clock.ts";
import type { CheckoutRef } from "./sign-url.ts";
import type { DbContext } from "../core/context.ts";

/** A hosted checkout: opened from a grant URL or from a redirect URL. */
export type Checkout = {
  ref: CheckoutRef;
  grant: CheckoutGrant | null;
  session: CheckoutSession | null;
  gameId: string;
  environment: Environment;
  productId: string;
  /** open: can be paid; completed: paid for good; expired: too late */
  state: "open" | "claimed" | "completed" | "expired";
  dealCode: string | null;
  checkoutMethod: string | null;
  redirectUrl: string | null;
  purchaseId: string | null;
};

export const checkoutNotFound = () => notFound("Checkout", "CHECKOUT_NOT_FOUND");

const fromGrant = (ref: CheckoutRef, g: CheckoutGrant): Checkout => ({
  ref,
  grant: g,
  session: null,
  gameId: g.gameId,
  environment: g.environment,
  productId: g.productId,
  state: g.status === "pending" ? "open" : (g.status as Checkout["state"]),
  dealCode: null,
  checkoutMethod: null,
  redirectUrl: null,
  purchaseId: g.purchaseId,
});

const fromSession = (ref: CheckoutRef, s: CheckoutSession, now: Date): Checkout => ({
  ref,
  grant: null,
  session: s,
  gameId: s.gameId,
  environment: s.environment,
  productId: s.productId,
  state: s.status === "completed" ? "completed" : s.status === "expired" || s.expiresAt <= now ? "expired" : "open",
  dealCode: s.dealCode,
  checkoutMethod: s.checkoutMethod,
  redirectUrl: s.redirectUrl,
  purchaseId: s.purchaseId,
});

/**
 * The checkout behind a (verified) reference, 404 CHECKOUT_NOT_FOUND when unknown or, with `gameId`,
 * another game's. A pending grant past its 2 hours is expired on the spot. `lock` takes a row lock
 * (inside a transaction) so concurrent payers of one checkout queue up.
 */
export const loadCheckout = async (ctx: DbContext, { ref, gameId, lock = false }: { ref: CheckoutRef; gameId?: string; lock?: boolean }): Promise<Checkout> => {
  const now = new Date();
  if (ref.kind === "grant") {
    if (lock) await ctx.db.$queryRaw`SELECT 1 FROM "CheckoutGrant" WHERE id = ${ref.grantId} FOR UPDATE`;
    let g = await ctx.db.checkoutGrant.findUnique({ where: { id: ref.grantId } });
    if (!g || (gameId && g.gameId !== gameId)) throw checkoutNotFound();
    // a grant on a test clock is expired by its clock's time (docs/decisions/test-clocks.md)
    const at = g.testClockId ? await clockTimeOf(ctx, g.testClockId) : now;
    if (g.status === "pending" && isGrantExpired(g, at)) g = await expireGrant(ctx, { grantId: g.id });
    return fromGrant(ref, g);
  }
  if (lock) await ctx.db.$queryRaw`SELECT 1 FROM "CheckoutSession" WHERE token = ${ref.token} FOR UPDATE`;
  const s = await ctx.db.checkoutSession.findUnique({ where: { token: ref.token } });
  if (!s || (gameId && s.gameId !== gameId)) throw checkoutNotFound();
  return fromSession(ref, s, now);
};

/** 409 CHECKOUT_COMPLETED / 410 CHECKOUT_EXPIRED unless the checkout can still be paid. */
export const assertPayable = (c: Checkout) => {
  if (c.state === "completed") throw new AppError("CHECKOUT_COMPLETED", "This checkout is already completed; it cannot be paid again.");
  if (c.state === "expired")
    throw new AppError(
      "CHECKOUT_EXPIRED",
      c.grant ? "This checkout grant has expired (grants last 2 hours); create a new one." : "This checkout link has expired; open the store again.",
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { EXPIRE_GRANTS_ERRORS } from "./expire-grants.ts";
export const LOAD_CHECKOUT_ERRORS = [
  "CHECKOUT_COMPLETED",
  "CHECKOUT_EXPIRED",
  "CHECKOUT_NOT_FOUND",
  ...EXPIRE_GRANTS_ERRORS,
] as const satisfies readonly ErrorCode[];
