// Who pays a checkout, and with what (docs/security.md, "who may move a player's money"). The hosted page
// hides the balance methods from guests; this file is where the server refuses them, so every caller of
// startCheckout (the page's action, the test helper, anything later) obeys the same rule.
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { parseEmail } from "../core/email.ts";
import { findOrCreatePlayer } from "../linking/link-player.ts";
import type { Checkout } from "./load-checkout.ts";
import type { CheckoutMethod } from "./schemas.ts";

export type PayerInput = {
  method: CheckoutMethod;
  /** the player signed in on the hosted page (a next-auth session), if any */
  signedInPlayerId?: string | null;
  /** a guest's email: identifies the guest of a redirect checkout; ignored for wallet and vc */
  email?: string | null;
};

/** The methods that spend a player's own balance: only that player, signed in, may use them. */
export const BALANCE_METHODS: readonly CheckoutMethod[] = ["wallet", "vc"];

const balanceName = (method: CheckoutMethod) => (method === "wallet" ? "wallet" : "game balance (virtual currency)");

/** 403 SIGN_IN_REQUIRED: a guest chose a balance method. */
export const signInRequired = (method: CheckoutMethod) =>
  new AppError("SIGN_IN_REQUIRED", `Sign in to pay with your ${balanceName(method)}. Guests pay by card.`, {
    details: [{ field: "method", message: "needs a signed-in player" }],
  });

/** 403 GRANT_PAYER_MISMATCH: a signed-in player chose a balance method on a grant made for another account. */
export const grantPayerMismatch = (method: CheckoutMethod) =>
  new AppError(
    "GRANT_PAYER_MISMATCH",
    `This checkout was made for another account, so it cannot be paid from your ${balanceName(method)}. Pay by card, or sign in as the account it was made for.`,
    { details: [{ field: "method", message: "is only for the grant's own player" }] },
  );

/** Whether `method` may be used by this payer on this checkout (the same rule the page shows). */
export const mayUseMethod = (c: Pick<Checkout, "grant">, method: CheckoutMethod, signedInPlayerId: string | null | undefined): boolean =>
  !BALANCE_METHODS.includes(method) || (Boolean(signedInPlayerId) && (!c.grant || c.grant.playerId === signedInPlayerId));

/**
 * The player who pays, checked before anything is written:
 * - wallet and vc: the signed-in player, and on a grant only the grant's own player (403 otherwise); the
 *   email is ignored, so nobody can name a victim's account;
 * - card: the signed-in player, else the grant's account, else the guest's email (400 when missing or not
 *   an email). A card spends nobody's balance, so a guest may pay for any account.
 */
export const resolvePayer = async (ctx: DbContext, { checkout: c, ...input }: PayerInput & { checkout: Pick<Checkout, "grant"> }): Promise<string> => {
  if (BALANCE_METHODS.includes(input.method)) {
    if (!input.signedInPlayerId) throw signInRequired(input.method);
    if (!mayUseMethod(c, input.method, input.signedInPlayerId)) throw grantPayerMismatch(input.method);
    return input.signedInPlayerId;
  }
  if (input.signedInPlayerId) return input.signedInPlayerId;
  if (c.grant) return c.grant.playerId;
  const email = parseEmail(input.email);
  if (input.email && !email)
    throw new AppError("INVALID_EMAIL", "Enter a valid email address, e.g. you@example.com.", {
      details: [{ field: "email", message: "is not a valid email address" }],
    });
  if (!email)
    throw new AppError("EMAIL_REQUIRED", "Enter your email address (for the receipt), or sign in.", {
      details: [{ field: "email", message: "is required for a guest" }],
    });
  return (await findOrCreatePlayer(ctx, { email })).id;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESOLVE_PAYER_ERRORS = ["EMAIL_REQUIRED", "GRANT_PAYER_MISMATCH", "INVALID_EMAIL", "SIGN_IN_REQUIRED"] as const satisfies readonly ErrorCode[];
