import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { makeCampaign, makeGame, makePlatform } from "../../tests/support/fixtures.ts";
import { setWebhookEndpoint } from "./set-webhook-endpoint.ts";

describe("setWebhookEndpoint", () => {
  it("sets a game's URL, keeps the secret unless rotated, and clears with null", async () => {
    const { game } = await makeGame();
    const db = getDb();
    const set = await setWebhookEndpoint({ db }, { owner: { type: "game", id: game.id }, url: "https://example.com/hooks" });
    expect(set).toEqual({ url: "https://example.com/hooks", secret: game.webhookSecret });
    const rotated = await setWebhookEndpoint({ db }, { owner: { type: "game", id: game.id }, url: "https://example.com/hooks", rotateSecret: true });
    expect(rotated.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(rotated.secret).not.toBe(game.webhookSecret);
    expect((await setWebhookEndpoint({ db }, { owner: { type: "game", id: game.id }, url: null })).url).toBeNull();
    expect((await db.game.findUniqueOrThrow({ where: { id: game.id } })).webhookSecret).toBe(rotated.secret);
  });

  it("a platform endpoint works the same way", async () => {
    const { platform } = await makePlatform();
    const out = await setWebhookEndpoint({ db: getDb() }, { owner: { type: "platform", id: platform.id }, url: "http://127.0.0.1:8080/in" });
    expect(out).toEqual({ url: "http://127.0.0.1:8080/in", secret: platform.webhookSecret });
  });

  it("a campaign gets its own secret when its first URL is set; https can be enforced", async () => {
    const { campaign } = await makeCampaign();
    const db = getDb();
    await expect(setWebhookEndpoint({ db }, { owner: { type: "campaign", id: campaign.id }, url: "http://x.test/h", httpsOnly: true })).rejects.toMatchObject({
      code: "INVALID_WEBHOOK_URL",
      status: 400,
    });
    const out = await setWebhookEndpoint({ db }, { owner: { type: "campaign", id: campaign.id }, url: "https://x.test/h", httpsOnly: true });
    expect(out.secret).toMatch(/^whsec_/);
    const again = await setWebhookEndpoint({ db }, { owner: { type: "campaign", id: campaign.id }, url: "https://y.test/h" });
    expect(again.secret).toBe(out.secret);
  });

  it.each(["not a url", "ftp://x.test/h"])("rejects %j with INVALID_WEBHOOK_URL and changes nothing", async (url) => {
    const { game } = await makeGame();
    await expect(setWebhookEndpoint({ db: getDb() }, { owner: { type: "game", id: game.id }, url })).rejects.toMatchObject({ code: "INVALID_WEBHOOK_URL" });
    expect((await getDb().game.findUniqueOrThrow({ where: { id: game.id } })).webhookUrl).toBeNull();
  });
});
