// The route tests of PUT /v1/platform/campaigns/{campaignId}/start and /stop (imported by tests only): the two
// routes are one state change each way, so one table drives both: the 202 with its job and platform event, the
// 409 from the wrong state with nothing changed, the idempotent replay, and the auth, tenant and scope refusals.
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/http/route.ts";
import { getDb } from "@/lib/db/client.ts";
import { expectScopeRefusals } from "./business.ts";
import { call } from "./http.ts";
import { platformEventsOf } from "./platform.ts";
import { completeCampaignOperation } from "@/lib/campaigns/complete-campaign-operation.ts";
import { addCampaign, campaignSnapshot, expectPlatformCampaignAuth, idem, makePlatformCampaign } from "./platform-campaigns.ts";

type Toggle = {
  PUT: RouteHandler;
  kind: "start" | "stop";
  /** the state the route moves from, and to */
  from: "created" | "started";
  to: "started" | "stopped";
  event: string;
  /** the state it refuses, with its 409 code */
  refusedFrom: "created" | "started";
  refusedCode: string;
  scope: string;
};

const jobsFor = async (operationId: string) => {
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'campaigns:complete-operation' AND j.payload->>'operationId' = ${operationId}`;
  return n;
};

export const describePlatformCampaignToggle = ({ PUT, kind, from, to, event, refusedFrom, refusedCode, scope }: Toggle) =>
  describe(`PUT /v1/platform/campaigns/{campaignId}/${kind}`, () => {
    it(`202 {success, message} from ${from}: status ${to} at once, a background job, ${event} to the platform`, async () => {
      const { tb, campaign, business, platform, params } = await makePlatformCampaign({ status: from });
      const res = await call(PUT, { headers: idem(tb), params });
      expect(res.status).toBe(202);
      const op = await getDb().campaignOperation.findFirstOrThrow({ where: { campaignId: campaign.id } });
      expect(res.body).toEqual({ success: true, message: expect.stringContaining("background job"), operationId: op.id });
      expect(op).toMatchObject({ kind, status: "pending" });
      expect(await jobsFor(op.id)).toBe(1);
      expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe(to);
      expect(await platformEventsOf(platform.id)).toEqual([
        {
          event,
          objectType: "campaign",
          data: {
            campaignId: campaign.id,
            businessId: business.id,
            name: campaign.name,
            environment: "test",
            address: campaign.address,
            chain: "coinop-ledger",
          },
        },
      ]);
      // the job completes the operation as for the campaign key (its webhook goes to the campaign's endpoint)
      expect(await completeCampaignOperation({ db: getDb() }, { operationId: op.id })).toMatchObject({ status: "completed" });
    });

    it(`409 ${refusedCode} from ${refusedFrom}, nothing changed; an idempotent retry replays the 202 once`, async () => {
      const { tb, campaign, params, platform } = await makePlatformCampaign({ status: refusedFrom });
      const before = await campaignSnapshot(campaign.id);
      const refused = await call(PUT, { headers: idem(tb), params });
      expect([refused.status, refused.body.code]).toEqual([409, refusedCode]);
      expect(await campaignSnapshot(campaign.id)).toEqual(before);
      expect(await platformEventsOf(platform.id)).toEqual([]);

      const other = await makePlatformCampaign({ status: from });
      const h = idem(other.tb);
      const first = await call(PUT, { headers: h, params: other.params });
      const replay = await call(PUT, { headers: h, params: other.params });
      expect(replay.status).toBe(202);
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await getDb().campaignOperation.count({ where: { campaignId: other.campaign.id } })).toBe(1);
      expect((await platformEventsOf(other.platform.id)).length).toBe(1);
      const noKey = await call(PUT, { headers: other.tb, params: other.params });
      expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    });

    it(`404 for another business's campaign with nothing changed; 401 without a key; 403 without ${scope}`, async () => {
      const { tb, params } = await makePlatformCampaign({ status: from });
      const victim = await makePlatformCampaign({ status: from });
      const before = await campaignSnapshot(victim.campaign.id);
      const foreign = await call(PUT, { headers: idem(tb), params: victim.params });
      expect([foreign.status, foreign.body.code]).toEqual([404, "CAMPAIGN_NOT_FOUND"]);
      expect(await campaignSnapshot(victim.campaign.id)).toEqual(before);
      await expectPlatformCampaignAuth(PUT, { params }, idem(tb));
      await expectScopeRefusals(scope, async (t) => {
        const c = await addCampaign(t.business.id, { status: from });
        return call(PUT, { headers: idem(t.tb), params: { campaignId: c.id } });
      });
    });
  });
