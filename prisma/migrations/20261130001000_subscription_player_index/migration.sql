-- A player's subscriptions in a game (issue 32): GET /v1/users/{userRef}/info joins them by (gameId, playerId), as do
-- the subscription lookups and a purchase's start; only (gameId, userRef) was indexed, so each read scanned every
-- subscription of the game.
CREATE INDEX "Subscription_gameId_playerId_idx" ON "Subscription"("gameId", "playerId");
