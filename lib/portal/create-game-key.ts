import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { CreateKeyBody } from "../platform/schemas.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "./validate.ts";

const Label = CreateKeyBody.pick({ label: true });

/** A new server key for a game of the business, in the game's environment; the raw key is returned this once (only its hash is kept). */
export const createGameKey = async (ctx: PortalContext, input: { businessId: string; gameId: string; label: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const game = await findBusinessGame(ctx, input);
  const { label } = parseOrThrow(Label, { label: input.label });
  const { key, rawKey } = await inTransaction(ctx.db, async (tx) => {
    const issued = await issueApiKey({ db: tx }, { kind: "server", environment: game.environment, gameId: game.id, label });
    // the prefix and label only: never the raw key
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: { type: "member", email: member.email },
        action: "api_key.created",
        objectType: "api_key",
        objectId: issued.key.id,
        details: { gameId: game.id, prefix: issued.key.prefix, label },
      },
    );
    return issued;
  });
  return { keyId: key.id, prefix: key.prefix, label: key.label, gameId: game.id, rawKey };
};
