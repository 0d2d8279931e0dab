// The assign route writes: it creates and approves a campaign link session for a business-linked player.
// A key (or grant) holding only the read scope must not be able to do that; it needs
// business:users:link:create, the write scope the spec's table names for creating this business's links.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as ASSIGN } from "@/app/api/v1/platform/business/users/[userRef]/campaigns/[campaignId]/assign/route";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { idem, linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { call } from "@/tests/support/http";
import { addPlatformKey } from "@/tests/support/platform";

const campaignOf = (businessId: string) =>
  createCampaign(
    { db: getDb() },
    { businessId, environment: "test", name: `Camp ${randomBytes(3).toString("hex")}`, events: [{ code: "win", name: "Win", payoutMicros: 1_000_000n }] },
  );

const campaignRows = async (campaignId: string) => ({
  links: await getDb().playerLink.count({ where: { namespaceType: "campaign", namespaceId: campaignId } }),
  sessions: await getDb().linkSession.count({ where: { namespaceType: "campaign", namespaceId: campaignId } }),
});

const withoutCreate = (list: readonly string[]) => list.filter((s) => s !== "business:users:link:create");

describe("assign needs the write scope business:users:link:create", () => {
  it("the route declares business:users:link:create", () => {
    expect(ASSIGN.definition.scope).toBe("business:users:link:create");
  });

  it("a key holding the read scope but not business:users:link:create is 403 INSUFFICIENT_SCOPE and no campaign link is made", async () => {
    const t = await makeBusinessTenant();
    const campaign = await campaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    const { rawKey } = await addPlatformKey(t.platform.id, { scopes: withoutCreate(ALL_SCOPES) });
    const headers = { authorization: `Bearer ${rawKey}`, "x-target-business-id": t.business.id };
    const res = await call(ASSIGN, { headers: idem(headers), params: { userRef, campaignId: campaign.id } });
    expect([res.status, res.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect(res.body.error).toContain("business:users:link:create");
    expect(await campaignRows(campaign.id)).toEqual({ links: 0, sessions: 0 });
  });

  it("a business that granted only the read scope is 403 on the grant and nothing is made", async () => {
    const t = await makeBusinessTenant();
    const campaign = await campaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    // the business now grants the read scope and everything else, but not business:users:link:create
    await getDb().businessGrant.update({ where: { id: t.grant!.id }, data: { grantedScopes: withoutCreate(BUSINESS_SCOPES) } });
    const res = await call(ASSIGN, { headers: idem(t.tb), params: { userRef, campaignId: campaign.id } });
    expect([res.status, res.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(["grant.grantedScopes"]);
    expect(await campaignRows(campaign.id)).toEqual({ links: 0, sessions: 0 });
  });

  it("with business:users:link:create the assignment is made (201, an approved campaign link)", async () => {
    const t = await makeBusinessTenant();
    const campaign = await campaignOf(t.business.id);
    const { userRef } = await linkBusinessUser(t.tb);
    const res = await call(ASSIGN, { headers: idem(t.tb), params: { userRef, campaignId: campaign.id } });
    expect(res.status).toBe(201);
    expect(res.body.assigned).toBe(true);
    expect(await campaignRows(campaign.id)).toEqual({ links: 1, sessions: 1 });
  });
});
