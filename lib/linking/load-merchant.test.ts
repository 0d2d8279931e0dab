import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { loadMerchant, maskEmail } from "./load-merchant";

describe("loadMerchant", () => {
  it("shows a game with its image, a campaign by its public name, and a business", async () => {
    const { game, business } = await makeGame();
    await getDb().game.update({ where: { id: game.id }, data: { imageUrl: "/uploads/game.png" } });
    expect(await loadMerchant({ db: getDb() }, { namespaceType: "game", namespaceId: game.id, environment: "test" })).toEqual({
      kind: "game",
      name: game.name,
      imageUrl: "/uploads/game.png",
      environment: "test",
    });

    const { campaign } = await makeCampaign({ environment: "live" });
    expect(await loadMerchant({ db: getDb() }, { namespaceType: "campaign", namespaceId: campaign.id, environment: "live" })).toEqual({
      kind: "campaign",
      name: campaign.name,
      imageUrl: null,
      environment: "live",
    });
    await getDb().campaign.update({ where: { id: campaign.id }, data: { publicName: "Summer Quest", imageUrl: "/uploads/c.png" } });
    expect(await loadMerchant({ db: getDb() }, { namespaceType: "campaign", namespaceId: campaign.id, environment: "live" })).toMatchObject({
      name: "Summer Quest",
      imageUrl: "/uploads/c.png",
    });

    expect(await loadMerchant({ db: getDb() }, { namespaceType: "business", namespaceId: business.id, environment: "test" })).toEqual({
      kind: "business",
      name: business.name,
      imageUrl: null,
      environment: "test",
    });
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("a@b.co")).toBe("a•••@b.co");
  });
});
