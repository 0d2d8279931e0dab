// Who may see a link session, and where its webhooks go, derived from the caller's credential.
import type { ServiceContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import type { Namespace } from "./resolve-user-ref.ts";

/**
 * The tenant boundary of link sessions: a namespace (game, campaign or business) in one environment,
 * and the webhook owner that new sessions record (game endpoint, campaign endpoint, platform endpoint).
 */
export type LinkScope = { namespace: Namespace; environment: Environment; owner: WebhookOwner };

/**
 * The scope of the caller: a server key links to its game, a campaign key to its campaign, and a
 * platform key (with X-Target-Business-Id) to that business, with link webhooks to the platform. A
 * platform key on `/v1/platform/campaigns/{campaignId}/...` (the kernel set `campaignId`) links to that
 * campaign: the same namespace, so the same pvu_ links, as the campaign key; its webhooks go to the platform.
 */
export const linkScopeOf = (ctx: ServiceContext): LinkScope => {
  const p = ctx.principal;
  const environment = ctx.environment;
  switch (p.kind) {
    case "server":
      return { namespace: { type: "game", id: p.gameId }, environment, owner: { type: "game", id: p.gameId } };
    case "campaign":
      return { namespace: { type: "campaign", id: p.campaignId }, environment, owner: { type: "campaign", id: p.campaignId } };
    case "platform":
      if (p.campaignId) return { namespace: { type: "campaign", id: p.campaignId }, environment, owner: { type: "platform", id: p.platformId } };
      if (!p.businessId) throw new AppError("TARGET_BUSINESS_REQUIRED", "Missing X-Target-Business-Id header: send the id of the business you act for.");
      return { namespace: { type: "business", id: p.businessId }, environment, owner: { type: "platform", id: p.platformId } };
  }
};

/** The caller's scope for a test helper: helpers exist only for test-environment keys (a live key gets 404). */
export const testLinkScopeOf = (ctx: ServiceContext): LinkScope => {
  if (ctx.environment !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only for test-environment keys.");
  return linkScopeOf(ctx);
};

/** The business a test helper acts for (its test players are this business's): the key's game's or campaign's business, or the platform's target business. */
export const helperBusinessOf = (ctx: ServiceContext): string => {
  const businessId = ctx.principal.businessId;
  if (!businessId) throw new AppError("TARGET_BUSINESS_REQUIRED", "Missing X-Target-Business-Id header: send the id of the business you act for.");
  return businessId;
};

/** Whether a session row lies inside the scope. */
export const inLinkScope = (s: { namespaceType: string; namespaceId: string; environment: string }, scope: LinkScope): boolean =>
  s.namespaceType === scope.namespace.type && s.namespaceId === scope.namespace.id && s.environment === scope.environment;

export const linkSessionNotFound = (sessionKey: string) => notFound(`Link session ${JSON.stringify(sessionKey)}`, "LINK_SESSION_NOT_FOUND");

/**
 * The scope of a test helper acting on one object (a session or an invite) of namespace `of`. A platform key
 * acting for a business (X-Target-Business-Id) also reaches the objects of that business's campaigns (what it
 * makes on `/v1/platform/campaigns/{campaignId}`), so a platform tests them without the campaign key.
 */
const testScopeFor = async (ctx: ServiceContext, of: { namespaceType: string; namespaceId: string } | null): Promise<LinkScope> => {
  const scope = testLinkScopeOf(ctx);
  const p = ctx.principal;
  if (p.kind !== "platform" || !p.businessId || of?.namespaceType !== "campaign") return scope;
  const campaign = await ctx.db.campaign.findUnique({ where: { id: of.namespaceId }, select: { businessId: true, environment: true, status: true } });
  if (!campaign || campaign.businessId !== p.businessId || campaign.environment !== ctx.environment || campaign.status === "deleted") return scope;
  return linkScopeOf({ ...ctx, principal: { ...p, campaignId: of.namespaceId } });
};

const NAMESPACE = { namespaceType: true, namespaceId: true } as const;

/** testLinkScopeOf for a helper on the session `sessionKey` (see testScopeFor). */
export const testLinkScopeForSession = async (ctx: ServiceContext, { sessionKey }: { sessionKey: string }): Promise<LinkScope> =>
  testScopeFor(ctx, sessionKey.includes("\u0000") ? null : await ctx.db.linkSession.findUnique({ where: { sessionKey }, select: NAMESPACE }));

/** testLinkScopeOf for a helper on the invite `code` (see testScopeFor). */
export const testLinkScopeForInvite = async (ctx: ServiceContext, { code }: { code: string }): Promise<LinkScope> =>
  testScopeFor(ctx, code.includes("\u0000") ? null : await ctx.db.linkInvite.findUnique({ where: { code }, select: NAMESPACE }));

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LINK_SCOPE_ERRORS = ["LINK_SESSION_NOT_FOUND", "NOT_FOUND", "TARGET_BUSINESS_REQUIRED"] as const satisfies readonly ErrorCode[];
