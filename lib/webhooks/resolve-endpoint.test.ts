// resolveDeliveryEndpoint reads a delivery's endpoint in one SQL query (deliveryEndpointSql, which deliver.ts
// joins onto the delivery it loads, and on which resolveEndpoint and endpointOfRow are built): the rules of
// the primary endpoint, further endpoint rows, deletion, missing URLs or secrets and the previous secret's
// 24 h, case by case, with the values expected. (It was first checked against the row-by-row Prisma reads
// it replaced, which gave the same in every case below.)
import { afterEach, describe, expect, it } from "vitest";
import { setClockOffsetForTests } from "../core/clock.ts";
import { getDb } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { makeCampaign, makeGame, makePlatform } from "../../tests/support/fixtures.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { endpointOfRow, primaryKeyOf, resolveDeliveryEndpoint, resolveEndpoint } from "./resolve-endpoint.ts";

afterEach(() => setClockOffsetForTests(0));

const HOUR = 3_600_000;

/** The endpoint of a delivery; and, the same by the other two ways in (the owner's primary, an endpoint row). */
const both = async (target: { endpointId: string | null; owner: WebhookOwner }) => {
  const endpoint = await resolveDeliveryEndpoint({ db: getDb() }, target);
  const row = target.endpointId ? await getDb().webhookEndpoint.findUnique({ where: { id: target.endpointId } }) : null;
  const other = target.endpointId ? (row ? await endpointOfRow({ db: getDb() }, row) : null) : await resolveEndpoint(getDb(), target.owner);
  expect(other).toEqual(endpoint);
  return endpoint;
};

const endpointRow = (owner: WebhookOwner, data: Record<string, unknown>) =>
  getDb().webhookEndpoint.create({ data: { id: newId(), ownerType: owner.type, ownerId: owner.id, ...data } });

describe("where a delivery goes (resolveDeliveryEndpoint, resolveEndpoint, endpointOfRow)", () => {
  it("the primary of a game: without a row, with one (filter, health, previous secret for 24 h), and without a URL", async () => {
    const { game } = await makeGame({ webhookUrl: "http://127.0.0.1:9/hooks" });
    const owner: WebhookOwner = { type: "game", id: game.id };
    expect(await both({ endpointId: null, owner })).toEqual({
      id: null,
      primary: true,
      url: "http://127.0.0.1:9/hooks",
      secret: game.webhookSecret,
      previousSecret: null,
      eventTypes: [],
      disabledAt: null,
    });

    const disabledAt = new Date("2026-01-02T03:04:05.678Z");
    const row = await endpointRow(owner, {
      primaryOf: primaryKeyOf(owner),
      previousSecret: "old-secret",
      previousSecretUntil: new Date(Date.now() + 24 * HOUR),
      eventTypes: ["Thing.Happened"],
      disabledAt,
    });
    const primary = { id: row.id, primary: true, url: "http://127.0.0.1:9/hooks", secret: game.webhookSecret };
    expect(await both({ endpointId: null, owner })).toEqual({ ...primary, previousSecret: "old-secret", eventTypes: ["Thing.Happened"], disabledAt });
    // named by the delivery (endpointId of the primary row): the same
    expect(await both({ endpointId: row.id, owner })).toEqual({ ...primary, previousSecret: "old-secret", eventTypes: ["Thing.Happened"], disabledAt });
    // 25 h later the previous secret no longer signs (lib/core/clock.ts)
    setClockOffsetForTests(25 * HOUR);
    expect(await both({ endpointId: row.id, owner })).toMatchObject({ previousSecret: null });

    await getDb().game.update({ where: { id: game.id }, data: { webhookUrl: null } });
    expect(await both({ endpointId: null, owner })).toBeNull();
    expect(await both({ endpointId: row.id, owner })).toBeNull();
    await getDb().game.update({ where: { id: game.id }, data: { webhookUrl: "" } });
    expect(await both({ endpointId: null, owner })).toBeNull();
  });

  it("a further endpoint row: its own URL, secret, filter and health; none once deleted, missing or without a URL", async () => {
    const { game } = await makeGame({ webhookUrl: "http://127.0.0.1:9/primary" });
    const owner: WebhookOwner = { type: "game", id: game.id };
    const row = await endpointRow(owner, {
      url: "http://127.0.0.1:9/second",
      secret: "second-secret",
      previousSecret: "second-old",
      previousSecretUntil: new Date(Date.now() + HOUR),
      eventTypes: ["A.B", "C.D"],
    });
    expect(await both({ endpointId: row.id, owner })).toEqual({
      id: row.id,
      primary: false,
      url: "http://127.0.0.1:9/second",
      secret: "second-secret",
      previousSecret: "second-old",
      eventTypes: ["A.B", "C.D"],
      disabledAt: null,
    });
    await getDb().webhookEndpoint.update({ where: { id: row.id }, data: { previousSecretUntil: new Date(Date.now() - 1) } });
    expect(await both({ endpointId: row.id, owner })).toMatchObject({ previousSecret: null });
    await getDb().webhookEndpoint.update({ where: { id: row.id }, data: { url: null } });
    expect(await both({ endpointId: row.id, owner })).toBeNull();
    await getDb().webhookEndpoint.update({ where: { id: row.id }, data: { url: "http://127.0.0.1:9/second", deletedAt: new Date() } });
    expect(await both({ endpointId: row.id, owner })).toBeNull();
    expect(await both({ endpointId: "000000000000000000000000", owner })).toBeNull();
    // a deleted primary row named by a delivery: none either
    const primaryRow = await endpointRow(owner, { primaryOf: primaryKeyOf(owner), deletedAt: new Date() });
    expect(await both({ endpointId: primaryRow.id, owner })).toBeNull();
  });

  it("the primary of a platform and of a campaign (their own columns), and an owner that does not exist", async () => {
    const { platform } = await makePlatform();
    const { campaign } = await makeCampaign();
    await getDb().platform.update({ where: { id: platform.id }, data: { webhookUrl: "https://platform.example/hooks", webhookSecret: "platform-secret" } });
    await getDb().campaign.update({ where: { id: campaign.id }, data: { webhookUrl: "https://campaign.example/hooks", webhookSecret: "campaign-secret" } });
    const ofPlatform = await both({ endpointId: null, owner: { type: "platform", id: platform.id } });
    expect(ofPlatform).toMatchObject({ primary: true, url: "https://platform.example/hooks", secret: "platform-secret" });
    expect(await both({ endpointId: null, owner: { type: "campaign", id: campaign.id } })).toMatchObject({
      primary: true,
      url: "https://campaign.example/hooks",
      secret: "campaign-secret",
    });
    // a secret that is missing or empty: no endpoint
    await getDb().campaign.update({ where: { id: campaign.id }, data: { webhookSecret: null } });
    expect(await both({ endpointId: null, owner: { type: "campaign", id: campaign.id } })).toBeNull();
    await getDb().platform.update({ where: { id: platform.id }, data: { webhookSecret: "" } });
    expect(await both({ endpointId: null, owner: { type: "platform", id: platform.id } })).toBeNull();
    expect(await both({ endpointId: null, owner: { type: "game", id: campaign.id } })).toBeNull();
  });
});
