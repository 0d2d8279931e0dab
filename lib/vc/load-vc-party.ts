import type { TxContext } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { LinkConsentScope } from "../linking/link-consent.ts";
import { loadVcParties, type VcParty } from "./load-vc-parties.ts";

/** loadVcParties for one operation: its party, or its error thrown. */
export const loadVcParty = async (
  ctx: GameContext & TxContext,
  { currencyId, userRef, consent }: { currencyId: string; userRef: string; consent?: LinkConsentScope },
): Promise<VcParty> => {
  const [party] = await loadVcParties(ctx, [{ currencyId, userRef }], { consent });
  if (party instanceof AppError) throw party;
  return party;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_VC_PARTIES_ERRORS } from "./load-vc-parties.ts";
export const LOAD_VC_PARTY_ERRORS = [...LOAD_VC_PARTIES_ERRORS] as const satisfies readonly ErrorCode[];
