import type { Environment } from "../core/environment.ts";
import { custodyAddress } from "../ledger/address.ts";
import type { AccountSpec } from "../ledger/types.ts";

/** A funded gift waiting for its recipient to claim it (USDC). */
export const giftEscrow = (lineItemId: string, environment: Environment): AccountSpec => ({
  kind: "gift",
  ownerRef: lineItemId,
  address: custodyAddress("gift", lineItemId, environment),
  allowNegative: false,
});

/** Where a 'partner' distribution's gift money enters the ledger: the platform's own on-chain funding (an issuer). */
export const partnerGiftFunding = (environment: Environment): AccountSpec => ({
  kind: "processor",
  ownerRef: "partner-gift-funding",
  address: custodyAddress("processor", "partner-gift-funding", environment),
  allowNegative: true,
});
