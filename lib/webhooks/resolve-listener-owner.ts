import type { CampaignScope, GameScope, PlatformScope, ServiceContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { WebhookOwner } from "./emit-event.ts";

/**
 * The owner whose deliveries a listener receives: a server key's game, a campaign key's campaign, a platform
 * key's platform. Test keys only: a live key is 404 NOT_FOUND with a message saying why (as the test helpers
 * answer a live key), so live deliveries never reach a developer's machine.
 */
export const resolveListenerOwner = (ctx: ServiceContext<GameScope | CampaignScope | PlatformScope>): WebhookOwner => {
  if (ctx.scope.environment !== "test")
    throw new AppError(
      "NOT_FOUND",
      "npm run listen takes a test key: live webhook deliveries are never forwarded to a developer's machine. Use a key that starts with service_<kind>_test_.",
    );
  const { scope } = ctx;
  return scope.kind === "game"
    ? { type: "game", id: scope.gameId }
    : scope.kind === "campaign"
      ? { type: "campaign", id: scope.campaignId }
      : { type: "platform", id: scope.platformId };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESOLVE_LISTENER_OWNER_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
