import type { Environment } from "../core/environment.ts";
import { custodyAddress } from "../ledger/address.ts";
import type { AccountSpec } from "../ledger/types.ts";

/**
 * Where a live fund session's card money comes from: Stripe's clearing account (an issuer, like the invoice
 * processors' clearing accounts). Test sessions use the test USDC mint (campaigns) or the fund-session clearing
 * account (distributions) instead.
 */
export const stripeCardClearing = (environment: Environment): AccountSpec => ({
  kind: "processor",
  ownerRef: "stripe-card",
  address: custodyAddress("processor", "stripe-card", environment),
  allowNegative: true,
});
