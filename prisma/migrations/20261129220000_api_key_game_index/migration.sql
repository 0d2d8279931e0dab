-- The portal's checklist and keys pages read a game's keys (issue 32, target 4): without it every ApiKey row was read.
CREATE INDEX "ApiKey_gameId_idx" ON "ApiKey"("gameId");
