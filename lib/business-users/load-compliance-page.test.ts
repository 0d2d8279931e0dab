import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { linkPlayer } from "../linking/link-player.ts";
import { linkBusinessUser, makeBusinessTenant } from "../../tests/support/business.ts";
import { makePlayer } from "../../tests/support/players.ts";
import { loadCompliancePage } from "./load-compliance-page.ts";

describe("loadCompliancePage", () => {
  it("the player's status in each environment where a business links them, with those businesses; live first; nothing of others", async () => {
    const a = await makeBusinessTenant();
    const b = await makeBusinessTenant();
    const live = await makeBusinessTenant({ environment: "live" });
    const { player } = await linkBusinessUser(a.tb, { email: "kyc@example.com" });
    await linkBusinessUser(b.tb, { email: "kyc@example.com", asPerson: true });
    await linkPlayer({ db: getDb() }, { namespace: { type: "business", id: live.business.id }, environment: "live", playerId: player.id });
    await getDb().playerCompliance.create({ data: { id: newId(), playerId: player.id, environment: "test", status: "action_required" } });
    const someoneElse = await linkBusinessUser(a.tb);
    await getDb().playerCompliance.create({ data: { id: newId(), playerId: someoneElse.player.id, environment: "live", status: "approved" } });

    const none = { note: null, details: null, submittedAt: null, documents: [] };
    expect(await loadCompliancePage({ db: getDb() }, { playerId: player.id })).toEqual([
      { environment: "live", status: "not_started", businesses: [live.business.name], canSubmit: true, ...none },
      { environment: "test", status: "action_required", businesses: [a.business.name, b.business.name].sort(), canSubmit: true, ...none },
    ]);
    const loner = await makePlayer();
    expect(await loadCompliancePage({ db: getDb() }, { playerId: loner.id })).toEqual([]);
  });
});
