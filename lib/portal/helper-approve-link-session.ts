// "Approve a link session" from the portal's test helpers: POST /v1/test-helpers/link-sessions/{sessionKey}/approve
// acted out for a session of one of the business's games or campaigns (or the business itself): the same
// scope (testLinkScopeForSession, as the game's or campaign's key), the same flow (approveLinkSession:
// player created when needed, link, webhook) and the same answer (describeLinkSession), with an audit entry.
import type { Environment } from "../core/environment.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { linkSessionNotFound, testLinkScopeForSession, type LinkScope } from "../linking/link-scope.ts";
import { ApproveLinkBody } from "../linking/schemas.ts";
import { describeLinkSession } from "../linking/serialize-link-session.ts";
import { asCampaign, asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { portalCommand } from "./portal-command.ts";
import type { PortalContext, PortalMember } from "./require-portal-access.ts";

/** The session of `sessionKey` when it belongs to the business (its game, its campaign, or itself); else 404. */
const findBusinessSession = async (ctx: PortalContext, member: PortalMember, { businessId, sessionKey }: { businessId: string; sessionKey: string }) => {
  const key = sessionKey.trim();
  const s = key && key.length <= 200 && !key.includes("\u0000") ? await ctx.db.linkSession.findUnique({ where: { sessionKey: key } }) : null;
  if (!s) throw linkSessionNotFound(key);
  if (s.namespaceType === "game") {
    const game = await ctx.db.game.findFirst({ where: { id: s.namespaceId, businessId } });
    if (game) return { session: s, acting: asGame(ctx, game, member) };
  } else if (s.namespaceType === "campaign") {
    const campaign = await ctx.db.campaign.findFirst({ where: { id: s.namespaceId, businessId } });
    if (campaign) return { session: s, acting: asCampaign(ctx, campaign, member) };
  } else if (s.namespaceType === "business" && s.namespaceId === businessId) {
    return { session: s, acting: null };
  }
  throw linkSessionNotFound(key);
};

/**
 * Its own transactions ("service"): a session whose invite no longer admits it fails, and that is recorded
 * before the refusal is thrown; the audit entry follows a successful approval.
 */
export const approvePortalLinkSession = portalCommand({
  permission: "testhelpers:use",
  load: async (ctx, params: { businessId: string; sessionKey: string; email: string; name: string }, member) => {
    const found = await findBusinessSession(ctx, member, params);
    requireTestObject(found.session.environment);
    return found;
  },
  input: ApproveLinkBody,
  form: ({ email, name }) => ({ email: email.trim() || undefined, name: name.trim() || undefined }),
  transaction: "service",
  run: async (ctx, { params: { businessId }, input: body, target: { session, acting } }) => {
    // a business-level session has no key of ours to act as (a platform's key made it): its own scope, as the helper derives it
    const scope: LinkScope = acting
      ? await testLinkScopeForSession(acting, { sessionKey: session.sessionKey })
      : {
          namespace: { type: "business", id: businessId },
          environment: session.environment as Environment,
          owner: { type: session.ownerType, id: session.ownerId } as LinkScope["owner"],
        };
    const approved = await approveLinkSession(ctx, { scope, sessionKey: session.sessionKey, email: body.email, name: body.name, testHelperOf: businessId });
    return { userRef: approved.userRef, described: await describeLinkSession(ctx, { session: approved }) };
  },
  audit: ({ userRef }, { target: { session } }) => ({
    environment: session.environment as Environment,
    action: "test_helper.link_session_approved",
    objectType: "link_session",
    objectId: session.id,
    details: { namespaceType: session.namespaceType, namespaceId: session.namespaceId, userRef },
  }),
  after: (_, { described }) => described,
});
