// Service contexts for tests that call a service directly, as the kernel would build them (lib/core/context.ts):
// a key as the actor (a test stands in for the kernel, which alone makes a KeyId), the tenant as the scope.
import type { CampaignContext, GameContext, KeyId, TargetContext } from "../../lib/core/context.ts";
import type { Environment } from "../../lib/core/environment.ts";
import { getDb } from "../../lib/db/client.ts";
import type { DbClient } from "../../lib/db/transaction.ts";

type Options = { environment?: Environment; db?: DbClient; keyId?: string; requestId?: string };
const keyIdOf = (o: Options) => (o.keyId ?? "k") as KeyId;

/** What a server key of `game` hands its services. */
export const gameContextFor = (game: { id: string; businessId: string }, o: Options = {}): GameContext => ({
  db: o.db ?? getDb(),
  actor: { kind: "server", keyId: keyIdOf(o) },
  scope: { kind: "game", environment: o.environment ?? "test", businessId: game.businessId, gameId: game.id },
  requestId: o.requestId ?? "req_test",
});

/** What a campaign key of `campaign` hands its services. */
export const campaignContextFor = (campaign: { id: string; businessId: string }, o: Options = {}): CampaignContext => ({
  db: o.db ?? getDb(),
  actor: { kind: "campaign", keyId: keyIdOf(o) },
  scope: { kind: "campaign", environment: o.environment ?? "test", businessId: campaign.businessId, campaignId: campaign.id },
  requestId: o.requestId ?? "req_test",
});

/** What a platform key acting for its target business (X-Target-Business-Id, under `grantId`) hands its services. */
export const targetContextFor = (t: { platformId: string; businessId: string; grantId: string; scopes?: string[] }, o: Options = {}): TargetContext => ({
  db: o.db ?? getDb(),
  actor: { kind: "platform", keyId: keyIdOf(o), platformId: t.platformId, scopes: t.scopes ?? [] },
  scope: { kind: "business", environment: o.environment ?? "test", businessId: t.businessId, platformId: t.platformId, grantId: t.grantId },
  requestId: o.requestId ?? "req_test",
});
