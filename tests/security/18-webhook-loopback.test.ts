// Finding 2 of issue 26, written as the attack: a test game (or campaign, or a platform) could point its webhook
// at the server's own loopback (127.0.0.1, localhost, [::1], 0177.0.0.1, 2130706433, ...) on any port. The POST
// reached whatever listened there, and the delivery log's socket errors (ECONNREFUSED on a closed port, a
// status on an open one) made a port scanner of the server's machine. Rule: loopback receivers only when the
// operator allows them (WEBHOOK_ALLOW_LOOPBACK: on by default in development and tests, off under `npm start`),
// for every owner kind, in test and live; refused when the URL is set (400 INVALID_WEBHOOK_URL naming the
// field, nothing stored) and again at every delivery (a failed attempt with one uniform reason, no connection).
//
// This file sets WEBHOOK_ALLOW_LOOPBACK itself (vitest runs it isolated: it writes process.env).
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createPlatformCampaign } from "@/app/api/v1/platform/campaigns/route";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { emitEvent, type WebhookOwner } from "@/lib/webhooks/emit-event";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { makeCampaign, makeGame, makePlatform } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant } from "@/tests/support/platform";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

const db = () => getDb();

/** A real receiver on 127.0.0.1 (an open port), and a port nothing listens on (a closed one). */
let receiver: Receiver;
let closedPort: number;
beforeAll(async () => {
  receiver = await startReceiver();
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", () => r()));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(() => receiver.close());

const before = process.env.WEBHOOK_ALLOW_LOOPBACK;
const allowLoopback = (value: "0" | "1") => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = value;
};
beforeEach(() => allowLoopback("0"));
afterEach(() => {
  if (before === undefined) delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  else process.env.WEBHOOK_ALLOW_LOOPBACK = before;
});

/** The receiver's URL with its host written another way. */
const at = (host: string, port = receiver.port) => `http://${host}:${port}/hooks`;

/** Every spelling of the loopback (and of 0.0.0.0, which reaches it on Linux) the URL parser or a resolver turns into it. */
const SPELLINGS = [
  "127.0.0.1",
  "localhost",
  "LOCALHOST",
  "localhost.",
  "hooks.localhost",
  "[::1]",
  "[0:0:0:0:0:0:0:1]",
  "0177.0.0.1",
  "2130706433",
  "0x7f.1",
  "0x7f000001",
  "127.1",
  "127.0.0.1.",
  "127.42.0.7",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "0.0.0.0",
  "0",
  "[::]",
];

type Refusal = { code: string; status: number; details: { field: string; message: string }[] };

const setUrl = async (owner: WebhookOwner, url: string): Promise<Refusal | null> => {
  try {
    await setWebhookEndpoint({ db: db() }, { owner, url });
    return null;
  } catch (err) {
    return err as Refusal;
  }
};

const storedUrl = async (owner: WebhookOwner) => {
  const select = { webhookUrl: true } as const;
  const row =
    owner.type === "game"
      ? await db().game.findUniqueOrThrow({ where: { id: owner.id }, select })
      : owner.type === "platform"
        ? await db().platform.findUniqueOrThrow({ where: { id: owner.id }, select })
        : await db().campaign.findUniqueOrThrow({ where: { id: owner.id }, select });
  return row.webhookUrl;
};

/** A game, a campaign (each of `environment`) and a platform (no mode of its own). */
const owners = async (environment: "test" | "live"): Promise<WebhookOwner[]> => {
  const { game } = await makeGame({ environment });
  const { campaign } = await makeCampaign({ environment });
  const { platform } = await makePlatform({ environment });
  return [
    { type: "game", id: game.id },
    { type: "campaign", id: campaign.id },
    { type: "platform", id: platform.id },
  ];
};

describe("WEBHOOK_ALLOW_LOOPBACK=0: setting a loopback webhook URL", () => {
  it.each(["test", "live"] as const)(
    "is 400 INVALID_WEBHOOK_URL naming url for a %s game, campaign and platform, however the address is written; nothing is stored",
    async (environment) => {
      for (const owner of await owners(environment)) {
        for (const host of SPELLINGS) {
          const err = await setUrl(owner, at(host));
          expect(err, `${owner.type} ${host}`).toMatchObject({
            code: "INVALID_WEBHOOK_URL",
            status: 400,
            details: [{ field: "url", message: expect.stringMatching(/^The webhook URL is refused: .*(loopback|unspecified)/) }],
          });
          expect(await storedUrl(owner), `${owner.type} ${host}`).toBeNull();
        }
        // the loopback ones say why, in words that name no port and no socket
        expect((await setUrl(owner, at("127.0.0.1")))?.details[0].message).toBe(
          "The webhook URL is refused: 127.0.0.1 is a loopback address, not allowed on this server. Use a public address.",
        );
        expect(receiver.requests).toHaveLength(0);
      }
    },
  );

  it("an extra endpoint of a test game, the seed's --webhook-url and a platform's campaign create route are refused the same way", async () => {
    const { game } = await makeGame({ environment: "test" });
    const extra = await createWebhookEndpoint({ db: db() }, { owner: { type: "game", id: game.id }, url: at("localhost") }).catch((e: Refusal) => e);
    expect(extra).toMatchObject({ code: "INVALID_WEBHOOK_URL", details: [{ field: "url", message: expect.stringMatching(/loopback address, not allowed/) }] });
    expect(await db().webhookEndpoint.count({ where: { ownerId: game.id } })).toBe(0);

    const { tb, business } = await makePlatformTenant({ environment: "test" });
    const res = await call(createPlatformCampaign, {
      headers: { ...tb, ...idem() },
      body: { name: "Scan", webhookUrl: `https://127.0.0.1:${closedPort}/hooks` },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "INVALID_WEBHOOK_URL",
      details: [{ field: "webhookUrl", message: expect.stringMatching(/loopback address, not allowed/) }],
    });
    expect(await db().campaign.count({ where: { businessId: business.id } })).toBe(0);

    const seed = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--webhook-url", at("0x7f.1")], {
      env: { ...process.env, WEBHOOK_ALLOW_LOOPBACK: "0", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
    });
    await expect(seed).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--webhook-url: The webhook URL is refused: 127\.0\.0\.1 is a loopback address, not allowed/),
    });
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("WEBHOOK_ALLOW_LOOPBACK=0: delivering to a loopback URL stored before (when the setting was on)", () => {
  let n = 0;
  const deliverTo = async (owner: WebhookOwner, environment: "test" | "live", url: string) => {
    if (owner.type === "game") await db().game.update({ where: { id: owner.id }, data: { webhookUrl: url, webhookSecret: "whsec_test" } });
    else if (owner.type === "platform") await db().platform.update({ where: { id: owner.id }, data: { webhookUrl: url, webhookSecret: "whsec_test" } });
    else await db().campaign.update({ where: { id: owner.id }, data: { webhookUrl: url, webhookSecret: "whsec_test" } });
    const eventId = await inTransaction(db(), (tx) =>
      emitEvent(tx, { owner, environment, event: "Port.Scanned", objectType: "thing", objectId: `x${++n}`, data: { secret: "payload" } }),
    );
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId } });
    const outcome = await deliverWebhook(db(), delivery.id);
    const after = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptLog: true } });
    return { eventId, outcome, attempts: after.attemptLog };
  };

  it.each(["test", "live"] as const)(
    "a %s event of a game, a campaign and a platform fails its attempt with one reason for an open and a closed port, and nothing connects",
    async (environment) => {
      for (const owner of await owners(environment)) {
        const errors: string[] = [];
        for (const url of [at("127.0.0.1"), at("127.0.0.1", closedPort), at("[::ffff:127.0.0.1]"), at("2130706433", closedPort)]) {
          const r = await deliverTo(owner, environment, url);
          expect(r.outcome, `${owner.type} ${url}`).toBe("retrying");
          expect(r.attempts).toHaveLength(1);
          expect(r.attempts[0]).toMatchObject({ attempt: 1, statusCode: null, responseExcerpt: null });
          expect(r.attempts[0].error, url).not.toMatch(/ECONN|EHOST|ETIMEDOUT|connect|socket|refused \(/i);
          expect(receiver.forEvent(r.eventId)).toHaveLength(0);
          errors.push(r.attempts[0].error!);
        }
        // the open and the closed port leave the same words in the log: nothing to tell them apart
        expect(errors[0]).toBe("refused: 127.0.0.1 is a loopback address, not allowed on this server");
        expect(errors[1]).toBe(errors[0]);
        expect(errors[3]).toBe(errors[0]);
        expect(errors[2]).toMatch(/^refused: ::ffff:7f00:1 carries 127\.0\.0\.1, a loopback address, not allowed on this server$/);
      }
      expect(receiver.requests).toHaveLength(0);
    },
  );
});

describe("WEBHOOK_ALLOW_LOOPBACK=1 (development, tests): local receivers keep working", () => {
  it("a test game's, a test campaign's and a platform's test events reach a real local receiver; live ones are still refused", async () => {
    allowLoopback("1");
    for (const owner of await owners("test")) {
      expect(await setUrl(owner, at("localhost"))).toBeNull();
      expect(await storedUrl(owner)).toBe(at("localhost"));
      const eventId = await inTransaction(db(), (tx) =>
        emitEvent(tx, { owner, environment: "test", event: "Local.Works", objectType: "thing", objectId: "y", data: { ok: true } }),
      );
      const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId } });
      expect(await deliverWebhook(db(), delivery.id)).toBe("succeeded");
      expect(receiver.forEvent(eventId)).toHaveLength(1);
      expect(JSON.parse(receiver.forEvent(eventId)[0].rawBody).data).toEqual({ ok: true });
    }
    const { game } = await makeGame({ environment: "live" });
    expect((await setUrl({ type: "game", id: game.id }, at("127.0.0.1")))?.details[0].message).toMatch(/loopback address, allowed in test mode only/);
  });
});
