import type { Scope } from "../core/context.ts";

/** Who a test clock belongs to: the test-mode game, campaign or platform whose key created it. */
export type ClockOwner = { ownerType: "game" | "campaign" | "platform"; ownerId: string };

/**
 * The owner of the clocks a call may see: the game of a server key, the campaign of a campaign key, the platform
 * of a platform key (also when it acts for a business). A portal member's business scope has none (null).
 */
export const clockOwnerOf = (scope: Scope): ClockOwner | null => {
  // a platform acting for a business or on one of its campaigns is still the platform
  if (scope.kind === "platform" || "platformId" in scope) return { ownerType: "platform", ownerId: scope.platformId };
  if (scope.kind === "game") return { ownerType: "game", ownerId: scope.gameId };
  if (scope.kind === "campaign") return { ownerType: "campaign", ownerId: scope.campaignId };
  return null;
};
