// The ledger accounts of distributions (USDC micro-units; 1 cent = 10,000).
import type { Environment } from "../core/environment.ts";
import { custodyAddress } from "../ledger/address.ts";
import type { AccountSpec } from "../ledger/types.ts";

/** What fund sessions paid in for one distribution, held until it is paid out or refunded on cancel. */
export const distributionEscrow = (distributionId: string, environment: Environment): AccountSpec => ({
  kind: "distribution",
  ownerRef: distributionId,
  address: custodyAddress("distribution", distributionId, environment),
  allowNegative: false,
});

/** Where fund-session money enters the ledger: the payment processor's clearing account (an issuer). */
export const fundSessionClearing = (environment: Environment): AccountSpec => ({
  kind: "processor",
  ownerRef: "distribution-fund-session",
  address: custodyAddress("processor", "distribution-fund-session", environment),
  allowNegative: true,
});
