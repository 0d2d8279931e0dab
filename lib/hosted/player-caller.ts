// The caller (lib/db/replica.ts) of a signed-in player on the hosted pages and the portal: its server actions
// mark its writes with it (lib/hosted/action.ts) and the portal's read-only pages read with it
// (lib/portal/load-portal-read.ts), so a member's own write is never answered from a replica that lacks it.
// "player:" keeps it apart from the API keys' ids, the callers of the /v1 routes.

export const playerCaller = (playerId: string): string => `player:${playerId}`;
