// Who may see a link session, and where its webhooks go, derived from the caller's credential.
import type { CampaignScope, GameScope, InBusinessContext, PlatformCampaignScope, ServiceContext, TargetBusinessScope } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import type { Namespace } from "./resolve-user-ref.ts";

/**
 * The tenant boundary of link sessions: a namespace (game, campaign or business) in one environment,
 * and the webhook owner that new sessions record (game endpoint, campaign endpoint, platform endpoint).
 */
export type LinkScope = { namespace: Namespace; environment: Environment; owner: WebhookOwner };

/** Who may link players: a game, a campaign, or a platform acting for a business or one of its campaigns. */
export type LinkingContext = ServiceContext<GameScope | CampaignScope | TargetBusinessScope | PlatformCampaignScope>;

/**
 * The scope of the caller: a game links to its game, a campaign to its campaign, a business (a platform
 * acting for it) to the business. A platform's link webhooks go to the platform: on
 * `/v1/platform/campaigns/{campaignId}/...` it links to that campaign, the same namespace, so the same pvu_
 * links, as the campaign key.
 */
export const linkScopeOf = (ctx: LinkingContext): LinkScope => {
  const { scope } = ctx;
  const { environment } = scope;
  const via = "platformId" in scope ? ({ type: "platform", id: scope.platformId } as const) : undefined;
  switch (scope.kind) {
    case "game":
      return { namespace: { type: "game", id: scope.gameId }, environment, owner: via ?? { type: "game", id: scope.gameId } };
    case "campaign":
      return { namespace: { type: "campaign", id: scope.campaignId }, environment, owner: via ?? { type: "campaign", id: scope.campaignId } };
    case "business":
      return { namespace: { type: "business", id: scope.businessId }, environment, owner: { type: "platform", id: scope.platformId } };
  }
};

/** The caller's scope for a test helper: helpers exist only for test-environment keys (a live key gets 404). */
export const testLinkScopeOf = (ctx: LinkingContext): LinkScope => {
  if (ctx.scope.environment !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
  return linkScopeOf(ctx);
};

/** The business a test helper acts for (its test players are this business's): the game's, the campaign's, or the platform's target business. */
export const helperBusinessOf = (ctx: InBusinessContext): string => ctx.scope.businessId;

/** Whether a session row lies inside the scope. */
export const inLinkScope = (s: { namespaceType: string; namespaceId: string; environment: string }, scope: LinkScope): boolean =>
  s.namespaceType === scope.namespace.type && s.namespaceId === scope.namespace.id && s.environment === scope.environment;

export const linkSessionNotFound = (sessionKey: string) => notFound(`Link session ${JSON.stringify(sessionKey)}`, "LINK_SESSION_NOT_FOUND");

/**
 * The scope of a test helper acting on one object (a session or an invite) of namespace `of`. A platform key
 * acting for a business (X-Target-Business-Id) also reaches the objects of that business's campaigns (what it
 * makes on `/v1/platform/campaigns/{campaignId}`), so a platform tests them without the campaign key.
 */
const testScopeFor = async (ctx: LinkingContext, of: { namespaceType: string; namespaceId: string } | null): Promise<LinkScope> => {
  const scope = testLinkScopeOf(ctx);
  const s = ctx.scope;
  if (s.kind !== "business" || of?.namespaceType !== "campaign") return scope;
  const campaign = await ctx.db.campaign.findUnique({ where: { id: of.namespaceId }, select: { businessId: true, environment: true, status: true } });
  if (!campaign || campaign.businessId !== s.businessId || campaign.environment !== s.environment || campaign.status === "deleted") return scope;
  return linkScopeOf({ ...ctx, scope: { ...s, kind: "campaign", campaignId: of.namespaceId } });
};

const NAMESPACE = { namespaceType: true, namespaceId: true } as const;

/** testLinkScopeOf for a helper on the session `sessionKey` (see testScopeFor). */
export const testLinkScopeForSession = async (ctx: LinkingContext, { sessionKey }: { sessionKey: string }): Promise<LinkScope> =>
  testScopeFor(ctx, sessionKey.includes("\u0000") ? null : await ctx.db.linkSession.findUnique({ where: { sessionKey }, select: NAMESPACE }));

/** testLinkScopeOf for a helper on the invite `code` (see testScopeFor). */
export const testLinkScopeForInvite = async (ctx: LinkingContext, { code }: { code: string }): Promise<LinkScope> =>
  testScopeFor(ctx, code.includes("\u0000") ? null : await ctx.db.linkInvite.findUnique({ where: { code }, select: NAMESPACE }));

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LINK_SCOPE_ERRORS = ["LINK_SESSION_NOT_FOUND", "NOT_FOUND"] as const satisfies readonly ErrorCode[];
