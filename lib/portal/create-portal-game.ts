import { z } from "zod";
import type { Environment } from "../core/environment.ts";
import { createGame } from "../games/create-game.ts";
import { serializeGame } from "../games/serialize-game.ts";
import { portalCommand } from "./portal-command.ts";

export const NewGame = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  description: z.string().trim().max(1000, "must be at most 1000 characters"),
  environment: z.enum(["test", "live"], "must be test or live"),
});

/** The portal's "Create game": a game of the business in test or live, through the one game creation service. */
export const createPortalGame = portalCommand({
  permission: "games:write",
  input: NewGame,
  form: (params: { businessId: string; name: string; description: string; environment: Environment | string }) => params,
  run: (ctx, { params, input: body }) =>
    createGame(ctx, { businessId: params.businessId, environment: body.environment, name: body.name, description: body.description }),
  audit: (created) => ({
    environment: created.environment,
    action: "game.created",
    objectType: "game",
    objectId: created.id,
    details: { name: created.name },
  }),
  after: (_, game) => serializeGame(game),
});
