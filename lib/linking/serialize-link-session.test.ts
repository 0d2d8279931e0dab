import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeCampaign, makePlatform } from "../../tests/support/fixtures.ts";
import type { ServiceContext, PlatformScope } from "../core/context.ts";
import { campaignContextFor, targetContextFor } from "../../tests/support/contexts.ts";
import { approveLinkSession } from "../flows/approve-link-session.ts";
import { initiateLinkSession } from "./initiate-link-session.ts";
import { linkScopeOf } from "./link-scope.ts";
import { describeLinkSession } from "./serialize-link-session.ts";

describe("link sessions of other namespaces", () => {
  it("a campaign key's session: campaign fields, pvu_test_ userRef, webhooks to the campaign", async () => {
    const { campaign } = await makeCampaign();
    const scope = linkScopeOf(campaignContextFor(campaign));
    const { session } = await initiateLinkSession({ db: getDb() }, { scope, email: "vic@example.com" });
    expect(session).toMatchObject({ namespaceType: "campaign", namespaceId: campaign.id, ownerType: "campaign", ownerId: campaign.id });
    const approved = await approveLinkSession({ db: getDb() }, { scope, sessionKey: session.sessionKey });
    const details = await describeLinkSession({ db: getDb() }, { session: approved });
    expect(details).toMatchObject({
      namespaceType: "campaign",
      campaignId: campaign.id,
      campaignName: campaign.name,
      state: "approved",
      prefilledEmail: "vic@example.com",
    });
    expect(details.userRef).toMatch(/^pvu_test_[0-9a-f]{24}$/);
    const owners = await getDb().webhookEvent.findMany({ where: { objectId: session.id }, select: { ownerType: true, ownerId: true } });
    expect(owners).toEqual([
      { ownerType: "campaign", ownerId: campaign.id },
      { ownerType: "campaign", ownerId: campaign.id },
    ]);
  });

  it("a platform key's session for a business: business fields, obu_test_ userRef, webhooks to the platform", async () => {
    const { business, platform, grant } = await makePlatform();
    const scope = linkScopeOf(targetContextFor({ platformId: platform.id, businessId: business.id, grantId: grant.id }));
    const { session } = await initiateLinkSession({ db: getDb() }, { scope, idempotencyKey: "biz-1", metadata: { crm: "42" } });
    const approved = await approveLinkSession({ db: getDb() }, { scope, sessionKey: session.sessionKey });
    const details = await describeLinkSession({ db: getDb() }, { session: approved });
    expect(details).toMatchObject({ namespaceType: "business", businessId: business.id, businessName: business.name, state: "approved" });
    expect(details.userRef).toMatch(/^obu_test_[0-9a-f]{24}$/);
    const events = await getDb().webhookEvent.findMany({ where: { objectId: session.id }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => [e.ownerType, e.ownerId])).toEqual([
      ["platform", platform.id],
      ["platform", platform.id],
    ]);
    expect(JSON.parse(events[1].payload).data).toEqual({
      sessionKey: session.sessionKey,
      user_ref: details.userRef,
      businessId: business.id,
      metadata: { idempotencyKey: "biz-1", platform_metadata: { crm: "42" } },
    });
  });

  it("a platform key without a target business has no link scope: the types refuse it (tsc checks this file)", () => {
    const platformOnly: ServiceContext<PlatformScope> = {
      db: getDb(),
      actor: { kind: "system", name: "test" },
      scope: { kind: "platform", environment: "test", platformId: "p" },
      requestId: "req_test",
    };
    // @ts-expect-error a platform's own scope (no X-Target-Business-Id) is not a LinkingContext
    const refused = () => linkScopeOf(platformOnly);
    expect(refused).toBeTypeOf("function");
  });
});
