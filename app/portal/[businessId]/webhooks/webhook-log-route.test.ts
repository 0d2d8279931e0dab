// GET /portal/{businessId}/webhooks/log, the webhooks page's live state, as Next calls it, signed in through the
// real next-auth cookie: the member's own game's log (a test event appears, a retrying delivery carries its
// next attempt, the fingerprint moves); another business's member gets 404, nobody signed in 401, and another
// business's game id never shows that game's deliveries.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/lib/db/client";
import { createPortalWebhookEndpoint } from "@/lib/portal/create-portal-webhook-endpoint";
import { sendPortalWebhookTest } from "@/lib/portal/send-portal-webhook-test";
import { TEST_EVENT } from "@/lib/webhooks/send-test-event";
import { as, makePortalTenant, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { GET } from "./log/route";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const db = getDb();
const auth = servePortalAuth(authRoute);

type State = {
  gameId: string | null;
  fingerprint: string;
  totalCount: number;
  deliveries: { id: string; event: string; status: string; nextAttemptAt: string | null }[];
};

const logOf = async (headers: Record<string, string>, businessId: string, query = "") => {
  const res = await inRequest(headers, () =>
    GET(new Request(`http://localhost/portal/${businessId}/webhooks/log${query}`), { params: Promise.resolve({ businessId }) }),
  );
  return { status: res.status, body: (await res.json()) as State & { code?: string } };
};

describe("the webhooks page's live log", () => {
  it("shows a test event without a reload, and a retrying delivery's next attempt; the fingerprint follows", async () => {
    const t = await makePortalTenant();
    const [viewer, stranger] = await Promise.all([auth.signIn(t.viewer), auth.signIn(t.stranger)]);
    const b = t.business.id;
    const empty = await logOf(viewer, b, `?game=${t.game.id}`);
    expect(empty).toEqual({ status: 200, body: { gameId: t.game.id, fingerprint: "0", totalCount: 0, deliveries: [] } });

    const made = await createPortalWebhookEndpoint(as(t.developer), {
      businessId: b,
      gameId: t.game.id,
      url: "https://hooks.example.com/in",
      eventTypes: "",
      description: "",
    });
    const sent = await sendPortalWebhookTest(as(t.developer), { businessId: b, gameId: t.game.id, endpointId: made.endpointId });
    const next = new Date(Date.now() + 5 * 60_000);
    await db.webhookDelivery.update({ where: { id: sent.deliveryId }, data: { status: "retrying", attempts: 1, nextAttemptAt: next } });

    const after = await logOf(viewer, b, `?game=${t.game.id}`);
    expect(after.status).toBe(200);
    expect(after.body.totalCount).toBe(1);
    expect(after.body.deliveries).toEqual([{ id: sent.deliveryId, event: TEST_EVENT, status: "retrying", attempts: 1, nextAttemptAt: next.toISOString() }]);
    expect(after.body.fingerprint).toBe(`1|${sent.deliveryId}:retrying:1:${next.getTime()}`);
    // a filter the page has: the same log, filtered
    expect((await logOf(viewer, b, `?game=${t.game.id}&status=succeeded`)).body).toMatchObject({ totalCount: 0, deliveries: [] });

    // another business's member: 404, nothing of the log; nobody signed in: 401
    const foreign = await logOf(stranger, b, `?game=${t.game.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("BUSINESS_NOT_FOUND");
    expect(JSON.stringify(foreign.body)).not.toContain(sent.deliveryId);
    const nobody = await logOf({}, b);
    expect(nobody.status).toBe(401);
    expect(nobody.body.code).toBe("ADMIN_SIGN_IN_REQUIRED");
    // the member asking for another business's game gets their own first game's log, never the other's
    const cross = await logOf(viewer, b, `?game=${t.otherGame.id}`);
    expect(cross.body.gameId).toBe(t.game.id);
  });
});
