import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import type { Environment } from "../core/environment.ts";
import { inTransaction } from "../db/transaction.ts";
import { createGame } from "../games/create-game.ts";
import { serializeGame } from "../games/serialize-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

export const NewGame = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  description: z.string().trim().max(1000, "must be at most 1000 characters"),
  environment: z.enum(["test", "live"], "must be test or live"),
});

/** The portal's "Create game": a game of the business in test or live, through the one game creation service. */
export const createPortalGame = async (
  ctx: PortalContext,
  input: { businessId: string; name: string; description: string; environment: Environment | string },
) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "games:write" });
  const body = parseOrThrow(NewGame, input, "body");
  const game = await inTransaction(ctx.db, async (tx) => {
    const created = await createGame(
      { ...ctx, db: tx },
      { businessId: input.businessId, environment: body.environment, name: body.name, description: body.description },
    );
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: created.environment,
        actor: { type: "member", email: member.email },
        action: "game.created",
        objectType: "game",
        objectId: created.id,
        details: { name: created.name },
      },
    );
    return created;
  });
  return serializeGame(game);
};
