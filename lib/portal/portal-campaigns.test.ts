// The portal's campaigns against PostgreSQL, as its pages and server actions call them: the business's
// campaigns with their ledger totals, payouts, linked players and invites; start, stop and withdraw through
// the campaign-key service (status at once, the operation pending until its job completes it, the money back
// to the business on a withdrawal) with an audit entry each; link invites through POST /link-invites' schema
// and service. A role without campaigns:write gets 403, a stranger 404, nobody signed in 401: nothing changes.
import { describe, expect, it } from "vitest";
import { completeCampaignOperation } from "@/lib/campaigns/complete-campaign-operation";
import { recordCampaignEvent } from "@/lib/campaigns/record-campaign-event";
import { makeCampaignWith, usdcOf } from "@/tests/support/campaigns";
import { getDb } from "@/lib/db/client";
import { as, makePortalMembers } from "@/tests/support/portal";
import { createPortalCampaignInvite } from "./create-portal-campaign-invite";
import { campaignContextFor } from "@/tests/support/contexts";
import { loadPortalCampaign } from "./load-portal-campaign";
import { loadPortalCampaignOperation } from "./load-portal-campaign-operation";
import { loadPortalCampaigns } from "./load-portal-campaigns";
import type { PortalContext } from "./require-portal-access";
import { requestPortalCampaignOperation } from "./request-portal-campaign-operation";

const db = getDb();

const tenant = async () => {
  const c = await makeCampaignWith({ fundMicros: 100_000_000n, users: 2 });
  const other = await makeCampaignWith({ fundMicros: 10_000_000n });
  return {
    ...c,
    other,
    ...(await makePortalMembers(c.business.id, other.business.id)),
  };
};

const snapshot = async (campaignId: string) => ({
  campaign: await db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { status: true, startedAt: true, stoppedAt: true } }),
  operations: await db.campaignOperation.count({ where: { campaignId } }),
  invites: await db.linkInvite.count({ where: { namespaceType: "campaign", namespaceId: campaignId } }),
  balance: await usdcOf("campaign", campaignId),
  audits: await db.auditEntry.count({ where: { objectId: campaignId } }),
});

describe("the campaigns pages", () => {
  it("list the business's campaigns with their ledger totals, payouts and linked players; one campaign with its users and invites", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, campaignId: t.campaign.id };
    await db.campaign.update({ where: { id: t.campaign.id }, data: { status: "started" } });
    await recordCampaignEvent(campaignContextFor(t.campaign, { db }), { eventCode: "level_complete", userRef: t.users[0]!.userRef });
    await recordCampaignEvent(campaignContextFor(t.campaign, { db }), { userRef: t.users[1]!.userRef, payoutAmount: 2_500_000n });

    const list = await loadPortalCampaigns(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(list.campaigns).toEqual([
      expect.objectContaining({
        id: t.campaign.id,
        name: t.campaign.name,
        status: "started",
        environment: "test",
        totalAmountFunded: 100,
        totalAmountPaidOut: 7.5,
        availableToWithdraw: 92.5,
        payouts: 2,
        linkedPlayers: 2,
        pendingOperation: null,
      }),
    ]);
    expect((await loadPortalCampaigns(as(t.viewer), { businessId: t.business.id, environment: "live" })).campaigns).toEqual([]);

    const one = await loadPortalCampaign(as(t.finance), ids);
    expect(one.campaign).toMatchObject({ id: t.campaign.id, status: "started", totalAmountFunded: 100, totalAmountPaidOut: 7.5, availableToWithdraw: 92.5 });
    expect(one.users.pagination.totalCount).toBe(2);
    expect(one.users.users.map((u) => u.userRef).sort()).toEqual(t.users.map((u) => u.userRef).sort());
    expect(one.payoutCount).toBe(2);
    expect(one.payouts.map((p) => p.amountUsdc).sort()).toEqual([2.5, 5]);
    expect(one.invites).toEqual([]);
    expect(one.operations).toEqual([]);

    await expect(loadPortalCampaigns(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalCampaign(as(t.stranger), ids)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalCampaign(as(t.viewer), { ...ids, campaignId: t.other.campaign.id })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalCampaign(as(null), ids)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  });

  it("start, stop and withdraw: the status at once, the operation pending until its job completes, the balance back to the business", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, campaignId: t.campaign.id };

    const start = await requestPortalCampaignOperation(as(t.developer), { ...ids, action: "start" });
    expect(start.operation).toMatchObject({ kind: "start", status: "pending", campaignId: t.campaign.id });
    expect(start.message).toMatch(/Campaign start accepted/);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: t.campaign.id } })).status).toBe("started");
    const list = await loadPortalCampaigns(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(list.campaigns[0]).toMatchObject({ status: "started", pendingOperation: "start" });
    expect((await loadPortalCampaign(as(t.viewer), ids)).operations).toEqual([
      expect.objectContaining({ id: start.operation.id, kind: "start", status: "pending", completedAt: null }),
    ]);
    // the job the request queued finishes it, and sends Campaign.Started
    await completeCampaignOperation({ db }, { operationId: start.operation.id });
    expect((await loadPortalCampaign(as(t.viewer), ids)).operations[0]).toMatchObject({ status: "completed", completedAt: expect.any(Date) });
    expect(await db.webhookEvent.count({ where: { objectType: "campaign", objectId: t.campaign.id, event: "Campaign.Started" } })).toBe(1);

    // a second start is the API's 409
    await expect(requestPortalCampaignOperation(as(t.developer), { ...ids, action: "start" })).rejects.toMatchObject({
      code: "CAMPAIGN_ALREADY_STARTED",
      status: 409,
    });

    const stop = await requestPortalCampaignOperation(as(t.finance), { ...ids, action: "stop" });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: t.campaign.id } })).status).toBe("stopped");
    await completeCampaignOperation({ db }, { operationId: stop.operation.id });

    const withdraw = await requestPortalCampaignOperation(as(t.finance), { ...ids, action: "withdraw" });
    expect(withdraw.operation).toMatchObject({ kind: "withdraw", status: "pending" });
    // a second withdrawal while one is pending: 409
    await expect(requestPortalCampaignOperation(as(t.finance), { ...ids, action: "withdraw" })).rejects.toMatchObject({ code: "CAMPAIGN_WITHDRAW_PENDING" });
    await completeCampaignOperation({ db }, { operationId: withdraw.operation.id });
    expect(await usdcOf("campaign", t.campaign.id)).toBe(0n);
    const after = await loadPortalCampaign(as(t.viewer), ids);
    expect(after.campaign).toMatchObject({ status: "stopped", totalAmountFunded: 100, availableToWithdraw: 0 });
    expect(after.operations.map((o) => [o.kind, o.status, o.amountUsdc])).toEqual([
      ["withdraw", "completed", 100],
      ["stop", "completed", null],
      ["start", "completed", null],
    ]);
    // nothing left: the API's 422
    await expect(requestPortalCampaignOperation(as(t.finance), { ...ids, action: "withdraw" })).rejects.toMatchObject({
      code: "NO_FUNDS_TO_WITHDRAW",
      status: 422,
    });

    const audit = await db.auditEntry.findMany({ where: { businessId: t.business.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorType, a.actorId, a.objectType, a.objectId])).toEqual([
      ["campaign.start_requested", "member", t.developer.email, "campaign", t.campaign.id],
      ["campaign.stop_requested", "member", t.finance.email, "campaign", t.campaign.id],
      ["campaign.withdraw_requested", "member", t.finance.email, "campaign", t.campaign.id],
    ]);
    expect(audit[0]!.details).toEqual({ operationId: start.operation.id });
  });

  it("refuse a viewer (403), a stranger and another business's campaign (404), nobody signed in (401) and an unknown action (400), changing nothing", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, campaignId: t.campaign.id };
    const before = await snapshot(t.campaign.id);
    const otherBefore = await snapshot(t.other.campaign.id);

    await expect(requestPortalCampaignOperation(as(t.viewer), { ...ids, action: "start" })).rejects.toMatchObject({
      code: "PORTAL_ROLE_REQUIRED",
      status: 403,
    });
    await expect(createPortalCampaignInvite(as(t.viewer), { ...ids, label: "x", maxUses: "" })).rejects.toMatchObject({
      code: "PORTAL_ROLE_REQUIRED",
      status: 403,
    });
    await expect(requestPortalCampaignOperation(as(t.stranger), { ...ids, action: "start" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(createPortalCampaignInvite(as(t.stranger), { ...ids, label: "x", maxUses: "" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(requestPortalCampaignOperation(as(t.developer), { ...ids, campaignId: t.other.campaign.id, action: "start" })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_FOUND",
      status: 404,
    });
    await expect(requestPortalCampaignOperation(as(null), { ...ids, action: "start" })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(requestPortalCampaignOperation(as(t.developer), { ...ids, action: "delete" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
    });
    // the state table still rules: a created campaign cannot be stopped or withdrawn
    await expect(requestPortalCampaignOperation(as(t.developer), { ...ids, action: "stop" })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_STARTED",
      status: 409,
    });
    await expect(requestPortalCampaignOperation(as(t.developer), { ...ids, action: "withdraw" })).rejects.toMatchObject({
      code: "CAMPAIGN_NOT_STOPPED",
      status: 409,
    });

    expect(await snapshot(t.campaign.id)).toEqual(before);
    expect(await snapshot(t.other.campaign.id)).toEqual(otherBefore);
  });

  it("the operation panel's poll: pending, then completed; refused to strangers, other campaigns and the signed-out", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, campaignId: t.campaign.id };
    const start = await requestPortalCampaignOperation(as(t.developer), { ...ids, action: "start" });
    const poll = (ctx: PortalContext, over: Partial<typeof ids & { operationId: string }> = {}) =>
      loadPortalCampaignOperation(ctx, { ...ids, operationId: start.operation.id, ...over });
    expect(await poll(as(t.viewer))).toEqual({
      id: start.operation.id,
      kind: "start",
      status: "pending",
      requestedAt: start.operation.createdAt.toISOString(),
      completedAt: null,
      detail: null,
    });
    await completeCampaignOperation({ db }, { operationId: start.operation.id });
    expect(await poll(as(t.finance))).toMatchObject({ status: "completed", completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await expect(poll(as(t.stranger))).rejects.toMatchObject({ status: 404, code: "BUSINESS_NOT_FOUND" });
    await expect(poll(as(t.developer), { campaignId: t.other.campaign.id })).rejects.toMatchObject({ status: 404, code: "CAMPAIGN_NOT_FOUND" });
    await expect(poll(as(t.developer), { operationId: "0".repeat(24) })).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    await expect(poll(as(null))).rejects.toMatchObject({ status: 401, code: "ADMIN_SIGN_IN_REQUIRED" });
  });

  it("create link invites with the API's schema and service; a bad limit is refused naming the field", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, campaignId: t.campaign.id };
    const invite = await createPortalCampaignInvite(as(t.developer), { ...ids, label: "Discord", maxUses: "50" });
    expect(invite).toMatchObject({ label: "Discord", maxUses: 50, currentUses: 0, status: "active", url: expect.stringContaining(`/join/${invite.code}`) });
    const open = await createPortalCampaignInvite(as(t.finance), { ...ids, label: "", maxUses: "" });
    expect(open.label).toBeUndefined();
    expect(open.maxUses).toBeUndefined();
    const row = await db.linkInvite.findUniqueOrThrow({ where: { code: invite.code } });
    expect(row).toMatchObject({ namespaceType: "campaign", namespaceId: t.campaign.id, environment: "test", ownerType: "campaign", ownerId: t.campaign.id });
    expect((await loadPortalCampaign(as(t.viewer), ids)).invites.map((i) => i.code).sort()).toEqual([invite.code, open.code].sort());

    await expect(createPortalCampaignInvite(as(t.developer), { ...ids, label: "x", maxUses: "lots" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "maxUses", message: expect.any(String) }],
    });
    await expect(createPortalCampaignInvite(as(t.developer), { ...ids, label: "x", maxUses: "0" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await db.linkInvite.count({ where: { namespaceId: t.campaign.id } })).toBe(2);
    expect((await db.auditEntry.findMany({ where: { businessId: t.business.id } })).map((a) => a.action)).toEqual([
      "link_invite.created",
      "link_invite.created",
    ]);
  });
});
