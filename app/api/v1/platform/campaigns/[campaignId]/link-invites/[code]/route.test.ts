import { describe, expect, it } from "vitest";
import { DELETE, PATCH } from "./route";
import { POST as CREATE } from "../route";
import { POST as CAMPAIGN_CREATE } from "@/app/api/v1/campaign/[id]/link-invites/route";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { expectScopeRefusals, idem } from "@/tests/support/business";
import { grantPlatformOn, makeCampaignIn } from "@/tests/support/platform";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { getDb } from "@/lib/db/client";
import { createInvite } from "@/lib/invites/create-invite";

const setup = async () => {
  const c = await makeCampaignWith();
  const p = await grantPlatformOn(c.business.id);
  return { ...c, p, params: { campaignId: c.campaign.id } };
};
type H = Record<string, string>;
const create = async (headers: H, campaignId: string, body: Record<string, unknown> = {}) =>
  (await call(CREATE, { headers, params: { campaignId }, body })).body;
const rowOf = (code: string) => getDb().linkInvite.findUniqueOrThrow({ where: { code } });

describe("PATCH /v1/platform/campaigns/{campaignId}/link-invites/{code}", () => {
  it("changes label, maxUses, expiresAt and status and returns the updated invite; null clears them", async () => {
    const { campaign, p, params } = await setup();
    const invite = await create(p.headers, campaign.id, { label: "old" });
    const expiresAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const res = await call(PATCH, {
      headers: p.headers,
      params: { ...params, code: invite.code },
      body: { label: "new", maxUses: 50, expiresAt, status: "paused" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...invite, label: "new", maxUses: 50, expiresAt, status: "paused", updatedAt: expect.any(String) });
    expect(await rowOf(invite.code)).toMatchObject({ label: "new", maxUses: 50, expiresAt: new Date(expiresAt), status: "paused" });
    const cleared = await call(PATCH, {
      headers: p.headers,
      params: { ...params, code: invite.code },
      body: { label: null, maxUses: null, expiresAt: null, status: "active" },
    });
    const { label: _label, ...unlabelled } = invite;
    expect(cleared.body).toEqual({ ...unlabelled, updatedAt: expect.any(String) });
    expect(await rowOf(invite.code)).toMatchObject({ label: null, maxUses: null, expiresAt: null, status: "active" });
  });

  it("changes an invite the campaign key made (one namespace); an Idempotency-Key replays the first response", async () => {
    const { campaign, headers, p, params } = await setup();
    const theirs = (await call(CAMPAIGN_CREATE, { headers, params: { id: campaign.id }, body: { label: "key's" } })).body;
    const first = await call(PATCH, { headers: idem(p.headers, "patch-1"), params: { ...params, code: theirs.code }, body: { label: "renamed" } });
    expect([first.status, first.body.label]).toEqual([200, "renamed"]);
    await getDb().linkInvite.update({ where: { code: theirs.code }, data: { label: "changed since" } });
    const again = await call(PATCH, { headers: idem(p.headers, "patch-1"), params: { ...params, code: theirs.code }, body: { label: "renamed" } });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await rowOf(theirs.code)).label).toBe("changed since");
  });

  it("400 naming the field; 409 INVITE_REVOKED_CONFLICT for a revoked invite; nothing changes", async () => {
    const { campaign, p, params } = await setup();
    const invite = await create(p.headers, campaign.id, { label: "same" });
    const before = await rowOf(invite.code);
    for (const [body, field] of [
      [{ status: "revoked" }, "status"],
      [{ maxUses: 0 }, "maxUses"],
      [{}, "body"],
    ] as const) {
      const res = await call(PATCH, { headers: p.headers, params: { ...params, code: invite.code }, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field }] });
    }
    expect(await rowOf(invite.code)).toEqual(before);
    await call(DELETE, { headers: p.headers, params: { ...params, code: invite.code } });
    const revoked = await call(PATCH, { headers: p.headers, params: { ...params, code: invite.code }, body: { status: "active" } });
    expect([revoked.status, revoked.body.code]).toEqual([409, "INVITE_REVOKED_CONFLICT"]);
    expect((await rowOf(invite.code)).status).toBe("revoked");
  });

  it("404 INVITE_NOT_FOUND for another campaign's invite (same business) and an unknown code; 404 CAMPAIGN_NOT_FOUND for another business's campaign; nothing changes", async () => {
    const { campaign, p, params } = await setup();
    const sibling = await makeCampaignIn(campaign.businessId);
    const theirs = await create(p.headers, sibling.id, { label: "sibling's" });
    const before = await rowOf(theirs.code);
    const res = await call(PATCH, { headers: p.headers, params: { ...params, code: theirs.code }, body: { status: "paused" } });
    expect([res.status, res.body.code]).toEqual([404, "INVITE_NOT_FOUND"]);
    const unknown = await call(PATCH, { headers: p.headers, params: { ...params, code: "inv_test_unknown" }, body: { status: "paused" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "INVITE_NOT_FOUND"]);

    const other = await makeCampaignWith();
    const otherInvite = (await call(CAMPAIGN_CREATE, { headers: other.headers, params: { id: other.campaign.id }, body: {} })).body;
    const foreign = await call(PATCH, { headers: p.headers, params: { campaignId: other.campaign.id, code: otherInvite.code }, body: { status: "paused" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect(await rowOf(theirs.code)).toEqual(before);
    expect((await rowOf(otherInvite.code)).status).toBe("active");
  });

  it("401 without a key or with a server key; 403 for each set lacking campaign:users:link:static; nothing changes", async () => {
    const { campaign, p, params } = await setup();
    const invite = await create(p.headers, campaign.id);
    expect((await call(PATCH, { params: { ...params, code: invite.code }, body: { status: "paused" } })).status).toBe(401);
    expect((await call(PATCH, { headers: (await makeGame()).headers, params: { ...params, code: invite.code }, body: { status: "paused" } })).status).toBe(401);
    const codes: string[] = [];
    await expectScopeRefusals("campaign:users:link:static", async (t) => {
      const c = await makeCampaignIn(t.business.id);
      const scope = { namespace: { type: "campaign" as const, id: c.id }, environment: "test" as const, owner: { type: "campaign" as const, id: c.id } };
      const { code } = await createInvite({ db: getDb() }, { scope });
      codes.push(code);
      return call(PATCH, { headers: t.mgmt, params: { campaignId: c.id, code }, body: { status: "paused" } });
    });
    for (const code of [invite.code, ...codes]) expect((await rowOf(code)).status).toBe("active");
  });
});

describe("DELETE /v1/platform/campaigns/{campaignId}/link-invites/{code}", () => {
  it("revokes an invite for good and returns it with revokedAt; revoking again returns it unchanged", async () => {
    const { campaign, p, params } = await setup();
    const invite = await create(p.headers, campaign.id, { label: "a", maxUses: 10 });
    const res = await call(DELETE, { headers: p.headers, params: { ...params, code: invite.code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...invite, status: "revoked", revokedAt: expect.any(String), updatedAt: expect.any(String) });
    expect(await rowOf(invite.code)).toMatchObject({ status: "revoked", revokedAt: new Date(res.body.revokedAt) });
    const again = await call(DELETE, { headers: p.headers, params: { ...params, code: invite.code } });
    expect([again.status, again.body]).toEqual([200, res.body]);
  });

  it("404 for another campaign's invite and another business's campaign; 401 without a key; 403 for each set lacking the scope; nothing is revoked", async () => {
    const { campaign, p, params } = await setup();
    const sibling = await makeCampaignIn(campaign.businessId);
    const theirs = await create(p.headers, sibling.id);
    const res = await call(DELETE, { headers: p.headers, params: { ...params, code: theirs.code } });
    expect([res.status, res.body.code]).toEqual([404, "INVITE_NOT_FOUND"]);
    const other = await makeCampaignWith();
    const otherInvite = (await call(CAMPAIGN_CREATE, { headers: other.headers, params: { id: other.campaign.id }, body: {} })).body;
    const foreign = await call(DELETE, { headers: p.headers, params: { campaignId: other.campaign.id, code: otherInvite.code } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
    expect((await call(DELETE, { params: { ...params, code: theirs.code } })).status).toBe(401);
    await expectScopeRefusals("campaign:users:link:static", async (t) =>
      call(DELETE, { headers: t.mgmt, params: { campaignId: (await makeCampaignIn(t.business.id)).id, code: "inv_test_x" } }),
    );
    expect((await rowOf(theirs.code)).status).toBe("active");
    expect((await rowOf(otherInvite.code)).status).toBe("active");
  });
});
