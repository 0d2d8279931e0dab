// "Approve a link session" from the portal's test helpers: POST /v1/test-helpers/link-sessions/{sessionKey}/approve
// acted out for a session of one of the business's games or campaigns (or the business itself): the same
// scope (testLinkScopeForSession, as the game's or campaign's key), the same flow (approveLinkSession:
// player created when needed, link, webhook) and the same answer (describeLinkSession), with an audit entry.
import { recordAudit } from "../audit/record-audit.ts";
import type { Environment } from "../core/environment.ts";
import { inTransaction } from "../db/transaction.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { linkSessionNotFound, testLinkScopeForSession, type LinkScope } from "../linking/link-scope.ts";
import { ApproveLinkBody } from "../linking/schemas.ts";
import { describeLinkSession } from "../linking/serialize-link-session.ts";
import { asCampaign, asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { requirePortalAccess, type PortalContext, type PortalMember } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

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

export const approvePortalLinkSession = async (ctx: PortalContext, input: { businessId: string; sessionKey: string; email: string; name: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "testhelpers:use" });
  const { session, acting } = await findBusinessSession(ctx, member, input);
  requireTestObject(session.environment);
  const body = parseOrThrow(ApproveLinkBody, { email: input.email.trim() || undefined, name: input.name.trim() || undefined }, "body");
  // a business-level session has no key of ours to act as (a platform's key made it): its own scope, as the helper derives it
  const scope: LinkScope = acting
    ? await testLinkScopeForSession(acting, { sessionKey: session.sessionKey })
    : {
        namespace: { type: "business", id: input.businessId },
        environment: session.environment as Environment,
        owner: { type: session.ownerType, id: session.ownerId } as LinkScope["owner"],
      };
  const approved = await approveLinkSession(ctx, { scope, sessionKey: session.sessionKey, email: body.email, name: body.name, testHelperOf: input.businessId });
  return inTransaction(ctx.db, async (tx) => {
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: session.environment as Environment,
        actor: { type: "member", email: member.email },
        action: "test_helper.link_session_approved",
        objectType: "link_session",
        objectId: session.id,
        details: { namespaceType: session.namespaceType, namespaceId: session.namespaceId, userRef: approved.userRef },
      },
    );
    return describeLinkSession({ db: tx }, { session: approved });
  });
};
