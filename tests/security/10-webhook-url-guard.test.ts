// Finding 10 of issue 9, written as the attack: a webhook URL could point anywhere (the cloud metadata
// address 169.254.169.254, private ranges, the server's own loopback), the server POSTed there, and kept
// an excerpt of the answer. Rule: when a URL is set, and again at every delivery, the host is resolved and
// every address checked: link-local, private, CGNAT, unspecified, multicast and broadcast are always
// refused, loopback is refused in live mode (test mode keeps local receivers working, where the operator
// allows them: WEBHOOK_ALLOW_LOOPBACK, on by default under vitest; off: 18-webhook-loopback.test.ts); IPv4-mapped IPv6
// cannot bypass it; a delivery connects to the address it checked (DNS rebinding cannot swap it); a
// refused delivery is a failed attempt that says why; a loopback receiver's answer is not stored.
//
// No request ever leaves this machine: http(s).request and fetch are watched, and a call for any host
// other than the local receivers fails the test instead of connecting (on the old code too).
import { execFile } from "node:child_process";
import http from "node:http";
import https from "node:https";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { emitEvent, type WebhookOwner } from "@/lib/webhooks/emit-event";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { makeCampaign, makeGame, makePlatform } from "@/tests/support/fixtures";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "rebind.test"]);
const attempted: string[] = [];
const realHttp = http.request;
const guard =
  (real: typeof http.request) =>
  (...args: Parameters<typeof http.request>) => {
    const url = args[0] instanceof URL ? args[0] : new URL(String(args[0]));
    attempted.push(url.host);
    if (!LOCAL_HOSTS.has(url.hostname)) throw new Error(`the test blocked a connection to ${url.host}`);
    return real(...args);
  };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  vi.spyOn(http, "request").mockImplementation(guard(realHttp) as typeof http.request);
  vi.spyOn(https, "request").mockImplementation(guard(https.request as typeof http.request) as typeof https.request);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    attempted.push(url.host);
    if (!LOCAL_HOSTS.has(url.hostname)) return Promise.reject(new Error(`the test blocked a connection to ${url.host}`));
    return realFetch(input, init);
  });
});
afterEach(() => {
  attempted.length = 0;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await receiver.close();
});

const local = (host: string) => receiver.url.replace("127.0.0.1", host);

const setUrl = async (owner: WebhookOwner, url: string, lookup?: Parameters<typeof setWebhookEndpoint>[1]["lookup"]) => {
  try {
    await setWebhookEndpoint({ db: getDb() }, { owner, url, lookup });
    return null;
  } catch (err) {
    return err as { code: string; status: number; details: { field: string; message: string }[] };
  }
};

describe("setting a webhook URL", () => {
  it.each([
    ["http://169.254.169.254/latest/meta-data/iam/security-credentials/", /169\.254\.169\.254 is a link-local address/],
    ["http://10.0.0.1/hooks", /10\.0\.0\.1 is a private address/],
    ["https://192.168.1.20/hooks", /192\.168\.1\.20 is a private address/],
    ["http://100.64.0.7/hooks", /carrier-grade NAT/],
    ["http://[fd00::1]/hooks", /fd00::1 is a private address/],
    ["http://0.0.0.0:3000/", /unspecified/],
    ["http://2852039166/", /169\.254\.169\.254 is a link-local/], // 169.254.169.254 written as one number
  ])("refuses %s with 400 INVALID_WEBHOOK_URL naming the field, in test mode too, and changes nothing", async (url, reason) => {
    for (const environment of ["live", "test"] as const) {
      const { game } = await makeGame({ environment });
      const err = await setUrl({ type: "game", id: game.id }, url);
      expect(err).toMatchObject({ code: "INVALID_WEBHOOK_URL", status: 400, details: [{ field: "url", message: expect.stringMatching(reason) }] });
      expect((await getDb().game.findUniqueOrThrow({ where: { id: game.id } })).webhookUrl).toBeNull();
    }
  });

  it("refuses loopback for a live game or campaign, IPv4-mapped IPv6 and names that resolve to it included", async () => {
    const { game } = await makeGame({ environment: "live" });
    const { campaign } = await makeCampaign({ environment: "live" });
    for (const url of [receiver.url, local("[::ffff:127.0.0.1]"), local("[::ffff:7f00:1]"), local("[::1]"), local("localhost")]) {
      const err = await setUrl({ type: "game", id: game.id }, url);
      expect(err?.details[0].message, url).toMatch(/loopback address, allowed in test mode only/);
    }
    expect((await setUrl({ type: "campaign", id: campaign.id }, receiver.url))?.code).toBe("INVALID_WEBHOOK_URL");
    expect((await getDb().game.findUniqueOrThrow({ where: { id: game.id } })).webhookUrl).toBeNull();
  });

  it("refuses a name when any of its addresses is refused (checked with the resolver's full answer)", async () => {
    const { game } = await makeGame({ environment: "live" });
    const lookup = async (host: string) =>
      host === "hooks.attacker.example"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.1.2.3", family: 4 },
          ]
        : [];
    const err = await setUrl({ type: "game", id: game.id }, "https://hooks.attacker.example/in", lookup);
    expect(err?.details[0].message).toBe("The webhook URL is refused: hooks.attacker.example resolves to a private address. Use a public address.");
    const publicOnly = async () => [{ address: "93.184.216.34", family: 4 }];
    expect(await setUrl({ type: "game", id: game.id }, "https://hooks.partner.example/in", publicOnly)).toBeNull();
    expect((await getDb().game.findUniqueOrThrow({ where: { id: game.id } })).webhookUrl).toBe("https://hooks.partner.example/in");
  });

  it("accepts a local receiver in test mode (and a platform's, whose live events are checked at delivery)", async () => {
    const { game } = await makeGame({ environment: "test" });
    expect(await setUrl({ type: "game", id: game.id }, receiver.url)).toBeNull();
    expect(await setUrl({ type: "game", id: game.id }, local("localhost"))).toBeNull();
    const { platform } = await makePlatform();
    expect(await setUrl({ type: "platform", id: platform.id }, receiver.url)).toBeNull();
    expect(attempted).toEqual([]); // setting a URL never connects to it
  });

  it("npm run seed refuses a metadata-address --webhook-url before it touches a database", async () => {
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--webhook-url", "http://169.254.169.254/latest/"], {
      env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
    });
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--webhook-url: The webhook URL is refused: 169\.254\.169\.254 is a link-local address/),
    });
  });
});

describe("delivering to a URL stored before the guard (or whose DNS changed since)", () => {
  const deliverTo = async (url: string, environment: "live" | "test") => {
    const { game } = await makeGame({ environment });
    await getDb().game.update({ where: { id: game.id }, data: { webhookUrl: url } });
    const eventId = await inTransaction(getDb(), (tx) =>
      emitEvent(tx, {
        owner: { type: "game", id: game.id },
        environment,
        event: "Thing.Happened",
        objectType: "thing",
        objectId: "x",
        data: { secret: "payload" },
      }),
    );
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId } });
    const outcome = await deliverWebhook(getDb(), delivery.id);
    const after = await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptLog: true } });
    return { eventId, outcome, attempt: after.attemptLog[0], status: after.status };
  };

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "test", /^refused: 169\.254\.169\.254 is a link-local address/],
    ["http://10.0.0.1:8080/hooks", "test", /^refused: 10\.0\.0\.1 is a private address/],
  ] as const)("%s (%s mode) is a failed attempt that says why, with no connection made", async (url, environment, reason) => {
    const r = await deliverTo(url, environment);
    expect(r.outcome).toBe("retrying");
    expect(r.attempt).toMatchObject({ attempt: 1, statusCode: null, responseExcerpt: null, error: expect.stringMatching(reason) });
    expect(attempted).toEqual([]);
  });

  it("a live event is not delivered to the server's own loopback, however the address is written", async () => {
    for (const url of [receiver.url, local("[::ffff:127.0.0.1]"), local("localhost")]) {
      const r = await deliverTo(url, "live");
      expect(r.attempt.error, url).toMatch(/^refused: .*loopback address, allowed in test mode only/);
      expect(receiver.forEvent(r.eventId)).toHaveLength(0);
    }
    expect(attempted).toEqual([]);
  });

  it("a test-mode event still reaches a real local receiver (by address or by name), and its answer is not stored", async () => {
    for (const url of [receiver.url, local("localhost")]) {
      const r = await deliverTo(url, "test");
      expect(r.outcome).toBe("succeeded");
      expect(r.attempt).toMatchObject({ statusCode: 200, error: null, responseExcerpt: null });
      expect(receiver.forEvent(r.eventId)).toHaveLength(1);
      expect(JSON.parse(receiver.forEvent(r.eventId)[0].rawBody).data).toEqual({ secret: "payload" });
    }
  });
});

describe("DNS rebinding", () => {
  const post = (url: string, lookup: (host: string) => Promise<{ address: string; family: number }[]>) =>
    postWebhook({
      url,
      body: '{"event":"Rebind.Test"}',
      headers: { "content-type": "application/json", "x-service-event-id": "evt_rebind" },
      timeoutMs: 5_000,
      allowLoopback: true,
      lookup,
    });

  it("connects to the address it checked: the name is resolved once, a second answer is never used", async () => {
    const answers = ["127.0.0.1", "10.0.0.1"];
    const asked: string[] = [];
    const lookup = async (host: string) => {
      asked.push(host);
      return [{ address: answers.shift() ?? "169.254.169.254", family: 4 }];
    };
    const result = await post(local("rebind.test"), lookup);
    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(asked).toEqual(["rebind.test"]);
    expect(attempted).toEqual([`rebind.test:${receiver.port}`]);
    const [req] = receiver.forEvent("evt_rebind");
    expect(req.headers.host).toBe(`rebind.test:${receiver.port}`);
  });

  it("reuses a kept-alive connection only for the same origin and the address this attempt checked", async () => {
    // a receiver of its own on 127.0.0.1 only, recording the client port of each request (one port: one connection)
    const ports: number[] = [];
    const server = http.createServer((req, res) => {
      ports.push(req.socket.remotePort!);
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-length": "2" }).end("ok"));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    const answer = { address: "127.0.0.1" };
    const asked: string[] = [];
    const lookup = async (host: string) => {
      asked.push(host);
      return [{ address: answer.address, family: 4 }];
    };
    try {
      const url = `http://rebind.test:${port}/hooks`;
      expect(await post(url, lookup)).toMatchObject({ ok: true, statusCode: 200 });
      expect(await post(url, lookup)).toMatchObject({ ok: true, statusCode: 200 });
      // checked at each attempt; the second went over the first one's connection
      expect(asked).toEqual(["rebind.test", "rebind.test"]);
      expect(ports).toHaveLength(2);
      expect(ports[1]).toBe(ports[0]);
      // the name now points elsewhere (127.0.0.2: allowed in test mode, nothing listens there): the open
      // connection to 127.0.0.1 is not used for it, a new one to the checked address is tried and refused
      answer.address = "127.0.0.2";
      const moved = await post(url, lookup);
      expect(moved).toMatchObject({ ok: false, statusCode: null });
      expect(moved.error).toMatch(/ECONNREFUSED/);
      expect(ports).toHaveLength(2);
      // and a refused address is refused before any pool is looked at
      answer.address = "10.0.0.1";
      expect(await post(url, lookup)).toMatchObject({ ok: false, error: "refused: rebind.test resolves to a private address" });
      expect(ports).toHaveLength(2);
      // back to the first address: its kept-alive connection again
      answer.address = "127.0.0.1";
      expect(await post(url, lookup)).toMatchObject({ ok: true, statusCode: 200 });
      expect(ports).toEqual([ports[0], ports[0], ports[0]]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("a name that now resolves to a private address is refused before any connection", async () => {
    const result = await post("http://rebind.test:8080/hooks", async () => [{ address: "10.0.0.1", family: 4 }]);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "refused: rebind.test resolves to a private address" });
    expect(attempted).toEqual([]);
  });
});

// Follow-up of issue 26: the refusal named the address a host name resolved to ("internal.corp resolves
// to 10.0.0.5 is a private address"), so anyone who can set a webhook URL could read the server's DNS,
// internal names included, one 400 at a time. A refusal names the category (what to fix), never the
// address DNS gave; an address the tenant typed is still named (it is the tenant's own words).
describe("a refusal does not tell what a host name resolves to", () => {
  const internal = async (host: string) => (host === "internal.corp" ? [{ address: "10.0.0.5", family: 4 }] : []);

  it("when the URL is set: 400 naming the category, not the address; nothing stored", async () => {
    for (const environment of ["live", "test"] as const) {
      const { game } = await makeGame({ environment });
      const err = await setUrl({ type: "game", id: game.id }, "https://internal.corp/hooks", internal);
      expect(err).toMatchObject({ code: "INVALID_WEBHOOK_URL", status: 400, details: [{ field: "url" }] });
      expect(err?.details[0].message).toBe("The webhook URL is refused: internal.corp resolves to a private address. Use a public address.");
      expect(JSON.stringify(err)).not.toContain("10.0.0.5");
      expect((await getDb().game.findUniqueOrThrow({ where: { id: game.id } })).webhookUrl).toBeNull();
    }
    // every class, and an IPv6 answer that carries an IPv4 address, alike
    const { game } = await makeGame({ environment: "live" });
    for (const [address, category] of [
      ["169.254.169.254", "a link-local address (where cloud metadata services answer)"],
      ["::ffff:192.168.7.9", "a private address"],
      ["127.0.0.9", "a loopback address, allowed in test mode only"],
      ["100.64.3.4", "a shared (carrier-grade NAT) address"],
    ]) {
      const err = await setUrl({ type: "game", id: game.id }, "https://internal.corp/hooks", async () => [{ address, family: address.includes(":") ? 6 : 4 }]);
      expect(err?.details[0].message, address).toBe(`The webhook URL is refused: internal.corp resolves to ${category}. Use a public address.`);
      expect(JSON.stringify(err), address).not.toMatch(/192\.168|169\.254|127\.0\.0\.9|100\.64|ffff/);
    }
    // a literal address is the tenant's own: still named
    expect((await setUrl({ type: "game", id: game.id }, "http://10.0.0.5/hooks"))?.details[0].message).toBe(
      "The webhook URL is refused: 10.0.0.5 is a private address. Use a public address.",
    );
  });

  it("at delivery: the attempt's error names the category, not the address, and nothing connects", async () => {
    const result = await postWebhook({
      url: "https://internal.corp/hooks",
      body: "{}",
      headers: { "content-type": "application/json", "x-service-event-id": "evt_internal" },
      timeoutMs: 5_000,
      allowLoopback: true,
      lookup: internal,
    });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "refused: internal.corp resolves to a private address" });
    expect(result.error).not.toContain("10.0.0.5");
    expect(attempted).toEqual([]);
  });
});
