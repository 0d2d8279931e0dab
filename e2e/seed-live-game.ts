// node --import tsx e2e/seed-live-game.ts: live tenants of businesses approved to go live, in the end-to-end server's
// database (the embedded PostgreSQL it runs, or DATABASE_URL): a live game with a live server key, and a live platform
// key acting for a live business with a campaign. Prints one JSON object:
// { game: { gameId, serverKey }, platform: { platformKey, businessId, campaignId } }. e2e/stripe-live.spec.ts makes
// products, grants, fund sessions and invoices with them through the API, as a game server or a platform would; the
// approval is what an operator's would leave (tests/support/activation.ts).
// With --business <id> (a business the portal's seed made: its developer is a member), that business is approved to
// go live and gets the live game instead, so the portal specs act on its live purchases; the platform is left out.
import { config } from "../lib/config/env.ts";
import { closeDb } from "../lib/db/client.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";

const main = async () => {
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres({ log: (m) => console.error(m) });
  process.env.DATABASE_URL = configured ?? embedded!.url;
  try {
    const { makeGame, makePlatform } = await import("../tests/support/fixtures.ts");
    const { createCampaign } = await import("../lib/campaigns/create-campaign.ts");
    const { getDb } = await import("../lib/db/client.ts");
    const at = process.argv.indexOf("--business");
    if (at > 0) {
      const businessId = process.argv[at + 1];
      const { approveBusinessForLive } = await import("../tests/support/activation.ts");
      const { createGame } = await import("../lib/games/create-game.ts");
      const { issueApiKey } = await import("../lib/tenants/issue-api-key.ts");
      await approveBusinessForLive(businessId);
      const game = await createGame({ db: getDb() }, { businessId, environment: "live", name: "Live Arcade", webhookUrl: null });
      const { rawKey } = await issueApiKey({ db: getDb() }, { kind: "server", environment: "live", gameId: game.id });
      process.stdout.write(JSON.stringify({ game: { gameId: game.id, serverKey: rawKey, businessId } }) + "\n");
      return;
    }
    const g = await makeGame({ environment: "live" });
    const p = await makePlatform({ environment: "live" });
    const campaign = await createCampaign(
      { db: getDb() },
      { businessId: p.business.id, environment: "live", name: "Live cup", publicName: "The Live Cup", events: [], createdByPlatformId: p.platform.id },
    );
    const out = {
      game: { gameId: g.game.id, serverKey: g.serverKey },
      platform: { platformKey: p.platformKey, businessId: p.business.id, campaignId: campaign.id },
    };
    process.stdout.write(JSON.stringify(out) + "\n");
  } finally {
    await closeDb();
    await embedded?.stop();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
