import { describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { createPurchase } from "./create-purchase";
import { createCheckoutPurchase } from "./create-checkout-purchase";
import { completePurchase } from "./complete-purchase";
import { failPurchase } from "./fail-purchase";
import { cancelPurchase } from "./cancel-purchase";
import { emailDeliveredKey } from "./email-delivered-key";
import { KEY_EMAIL_TASK } from "./fulfil-purchase";
import { taskList } from "@/lib/flows/job-tasks";
import { balanceOf, fund, vcSnapshot } from "@/tests/support/vc";
import { eventsOf, fundWallet, makeDealRow, makeProductRow, makeStore, usdcBalance } from "@/tests/support/purchases";

const db = () => getDb();

describe("createPurchase", () => {
  it("fixes the price at creation: product price, VC price, deal applied; refuses what is not for sale", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, { priceCents: 1000, vcPrices: [{ currencyId: s.currencyId, amount: 300n }] });
    const base = { gameId: s.game.id, environment: "test" as const, productId: p.id, userRef: s.users[0] };
    const card = await createPurchase({ db: db() }, { ...base, method: "card" });
    expect(card).toMatchObject({
      status: "pending",
      amount: 1000n,
      currency: "USD",
      priceInCents: 1000,
      paymentProvider: "sandbox",
      playerId: s.playerIds[0],
      isPaid: false,
    });
    const wallet = await createPurchase({ db: db() }, { ...base, method: "wallet" });
    expect(wallet).toMatchObject({ amount: 10_000_000n, currency: "USDC", priceInCents: 1000, paymentProvider: "wallet" });
    const vc = await createPurchase({ db: db() }, { ...base, method: "vc", currencyId: s.currencyId });
    expect(vc).toMatchObject({ amount: 300n, currencyId: s.currencyId, priceInCents: 0, paymentProvider: "virtual_currency" });
    expect(vc.currency).toMatch(/^GEM/);

    await makeDealRow(p, { code: "HALF", overridePrice: 500n });
    await makeDealRow(p, { code: "VCDEAL", currencyId: s.currencyId, overridePrice: 120n });
    expect(await createPurchase({ db: db() }, { ...base, method: "card", dealCode: "half" })).toMatchObject({
      amount: 500n,
      priceInCents: 500,
      dealCode: "HALF",
    });
    expect(await createPurchase({ db: db() }, { ...base, method: "vc", currencyId: s.currencyId, dealCode: "VCDEAL" })).toMatchObject({
      amount: 120n,
      dealCode: "VCDEAL",
    });
    await expect(createPurchase({ db: db() }, { ...base, method: "vc", currencyId: s.currencyId, dealCode: "HALF" })).rejects.toMatchObject({
      code: "INVALID_DEAL",
      status: 400,
    });
    await expect(createPurchase({ db: db() }, { ...base, method: "card", dealCode: "NOPE" })).rejects.toMatchObject({ code: "INVALID_DEAL" });
    expect(await createCheckoutPurchase({ db: db() }, { ...base, method: "card", dealCode: "NOPE", grant: null, checkoutSessionId: null })).toMatchObject({
      amount: 1000n,
      dealCode: null,
    });

    const hidden = await makeProductRow(s.game.id, { isVisible: false });
    const off = await makeProductRow(s.game.id, { forSale: false });
    const draft = await makeProductRow(s.game.id, { status: "draft" });
    const vcOnly = await makeProductRow(s.game.id, { priceCents: null, vcPrices: [{ currencyId: s.currencyId, amount: 5n }] });
    await expect(createPurchase({ db: db() }, { ...base, productId: hidden.id, method: "card" })).rejects.toMatchObject({
      code: "ITEM_NOT_VISIBLE",
      status: 403,
    });
    await expect(createPurchase({ db: db() }, { ...base, productId: off.id, method: "card" })).rejects.toMatchObject({
      code: "ITEM_NOT_FOR_SALE",
      status: 410,
    });
    await expect(createPurchase({ db: db() }, { ...base, productId: draft.id, method: "card" })).rejects.toMatchObject({
      code: "ITEM_NOT_FOR_SALE",
      status: 410,
    });
    await expect(createPurchase({ db: db() }, { ...base, productId: vcOnly.id, method: "wallet" })).rejects.toMatchObject({
      code: "PRICE_NOT_AVAILABLE",
      status: 400,
    });
    await expect(createPurchase({ db: db() }, { ...base, method: "vc", currencyId: "nope" })).rejects.toMatchObject({ code: "PRICE_NOT_AVAILABLE" });
    await expect(createPurchase({ db: db() }, { ...base, productId: "missing", method: "card" })).rejects.toMatchObject({
      code: "PRODUCT_NOT_FOUND",
      status: 404,
    });
  });

  it("a checkout purchase emits Purchases.Started with the purchase fields", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, { priceCents: 250 });
    const purchase = await createCheckoutPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: p.id,
        userRef: s.users[0],
        method: "card",
        metadata: { order: 7 },
        grant: null,
        checkoutSessionId: null,
      },
    );
    const [started] = await eventsOf(s.game.id, "Purchases.Started");
    expect(started.data).toEqual({
      purchaseId: purchase.id,
      itemId: p.id,
      gameId: s.game.id,
      itemType: "purchase",
      amount: 250,
      currency: "USD",
      paymentProvider: "sandbox",
      metadata: { order: 7 },
      user_ref: s.users[0],
      status: "pending",
      paymentMethod: "card",
      priceInCents: 250,
      createdAt: purchase.createdAt.toISOString(),
    });
  });
});

describe("completePurchase", () => {
  it("VC: debits once, fulfils, and emits exactly the spec's Purchases.Completed fields; a second complete changes nothing", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 1000);
    const p = await makeProductRow(s.game.id, { fulfillmentType: "WEBHOOK", vcPrices: [{ currencyId: s.currencyId, amount: 300n }] });
    await makeDealRow(p, { code: "GEMDEAL", currencyId: s.currencyId, overridePrice: 250n });
    const created = await createPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: p.id,
        userRef: s.users[0],
        method: "vc",
        currencyId: s.currencyId,
        dealCode: "GEMDEAL",
        metadata: { sku: "a" },
      },
    );
    const done = await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "virtual_currency" });
    expect(done).toMatchObject({ status: "completed", isPaid: true, fulfillmentStatus: "fulfilled", journalId: expect.any(String), userRef: s.users[0] });
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(750n);
    const again = await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "virtual_currency" });
    expect(again).toEqual(done);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(750n);
    const events = await eventsOf(s.game.id, "Purchases.Completed");
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      purchaseId: created.id,
      itemId: p.id,
      gameId: s.game.id,
      itemType: "purchase",
      amount: 250,
      currency: done.currency,
      paymentProvider: "virtual_currency",
      dealCode: "GEMDEAL",
      metadata: { sku: "a" },
      user_ref: s.users[0],
    });
  });

  it("VC: 10 concurrent completes debit once", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 1000);
    const p = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 100n }] });
    const created = await createPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: p.id,
        userRef: s.users[0],
        method: "vc",
        currencyId: s.currencyId,
      },
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () => completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "virtual_currency" })),
    );
    expect(new Set(results.map((r) => r.journalId)).size).toBe(1);
    expect(await balanceOf(s.currencyId, s.users[0])).toBe(900n);
    expect((await vcSnapshot(s.currencyId)).journals).toBe(2); // the funding credit and one purchase debit
    expect(await eventsOf(s.game.id, "Purchases.Completed")).toHaveLength(1);
  });

  it("VC: an insufficient balance is 422 with nothing changed; the purchase stays pending", async () => {
    const s = await makeStore();
    await fund(s.headers, s.currencyId, s.users[0], 50);
    const p = await makeProductRow(s.game.id, { vcPrices: [{ currencyId: s.currencyId, amount: 100n }] });
    const created = await createPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: p.id,
        userRef: s.users[0],
        method: "vc",
        currencyId: s.currencyId,
      },
    );
    const before = await vcSnapshot(s.currencyId);
    await expect(completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "virtual_currency" })).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      status: 422,
    });
    expect(await vcSnapshot(s.currencyId)).toEqual(before);
    expect((await db().purchase.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("pending");
    expect(await eventsOf(s.game.id, "Purchases.Completed")).toHaveLength(0);
  });

  it("perUserLimit holds under 20 concurrent completes", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, { perUserLimit: 2 });
    const created = [];
    for (let i = 0; i < 20; i++)
      created.push(await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "card" }));
    const outcomes = await Promise.allSettled(created.map((c) => completePurchase({ db: db() }, { purchaseId: c.id, paymentProvider: "sandbox" })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(rejected).toHaveLength(18);
    for (const r of rejected) expect(r.reason).toMatchObject({ code: "PURCHASE_LIMIT_REACHED", status: 409 });
    expect(await db().purchase.count({ where: { productId: p.id, status: "completed" } })).toBe(2);
    // another player is not limited by the first one's purchases; creation refuses once at the limit
    await expect(
      createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "card" }),
    ).rejects.toMatchObject({
      code: "PURCHASE_LIMIT_REACHED",
    });
    const other = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[1], method: "card" });
    expect((await completePurchase({ db: db() }, { purchaseId: other.id, paymentProvider: "sandbox" })).status).toBe("completed");
  });

  it("card + GRANT_VIRTUAL_CURRENCY credits the configured units to the player; a grant purchase echoes checkout_metadata", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, {
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      grantCurrencyId: s.currencyId,
      grantAmountUnits: 500n,
      priceCents: 199,
    });
    const checkoutMetadata = { cart: { id: "c-1", lines: [1, 2] }, note: "x" };
    const created = await createCheckoutPurchase(
      { db: db() },
      {
        gameId: s.game.id,
        environment: "test",
        productId: p.id,
        userRef: s.users[1],
        method: "card",
        grant: { id: "grant-1", userRef: s.users[0], checkoutMetadata },
        checkoutSessionId: null,
      },
    );
    const done = await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "sandbox", externalId: "pi_123" });
    expect(done).toMatchObject({ fulfillmentStatus: "fulfilled", journalId: null, externalId: "pi_123", paymentProvider: "sandbox" });
    expect(await balanceOf(s.currencyId, s.users[1])).toBe(500n);
    const [completed] = await eventsOf(s.game.id, "Purchases.Completed");
    expect(completed.data).toEqual({
      purchaseId: created.id,
      itemId: p.id,
      gameId: s.game.id,
      itemType: "purchase",
      amount: 199,
      currency: "USD",
      paymentProvider: "sandbox",
      metadata: {},
      user_ref: s.users[1],
      grant_user_ref: s.users[0],
      checkout_metadata: checkoutMetadata,
    });
  });

  it("a guest payer (player id only) is linked to the game at completion and gets a userRef", async () => {
    const s = await makeStore({ players: 0 });
    const guest = await db().player.create({ data: { id: newId(), email: `guest-${newId()}@example.com` } });
    const p = await makeProductRow(s.game.id);
    const created = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, method: "card" });
    expect(created.playerId).toBeNull();
    const done = await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "sandbox", playerId: guest.id });
    const link = await db().playerLink.findFirstOrThrow({ where: { playerId: guest.id, namespaceId: s.game.id } });
    expect(done).toMatchObject({ playerId: guest.id, userRef: link.userRef });
  });

  it("KEY_DELIVERY hands out the oldest keys in order, marks 'failed' when none is left, and emails the key", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, { fulfillmentType: "KEY_DELIVERY" });
    const t0 = Date.now();
    // created out of order: the oldest createdAt wins, not the insertion order
    for (const [value, age] of [
      ["KEY-C", 1],
      ["KEY-A", 3],
      ["KEY-B", 2],
    ] as const)
      await db().productKey.create({ data: { id: newId(), productId: p.id, value, createdAt: new Date(t0 - age * 60_000) } });
    const buy = async (u: number) =>
      completePurchase(
        { db: db() },
        {
          purchaseId: (await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[u], method: "card" })).id,
          paymentProvider: "sandbox",
        },
      );
    const first = await buy(0);
    const second = await buy(1);
    expect([first.deliveredKey, second.deliveredKey]).toEqual(["KEY-A", "KEY-B"]);
    expect(first).toMatchObject({ fulfillmentStatus: "fulfilled", keyEmailStatus: "queued" });
    const jobs = await db().$queryRaw<{ key: string }[]>`
      SELECT j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${KEY_EMAIL_TASK} ORDER BY j.id`;
    expect(jobs.map((j) => j.key)).toEqual([`${KEY_EMAIL_TASK}:${first.id}`, `${KEY_EMAIL_TASK}:${second.id}`]);
    expect((await db().productKey.findFirstOrThrow({ where: { value: "KEY-A", productId: p.id } })).purchaseId).toBe(first.id);
    await buy(0);
    const none = await buy(1);
    expect(none).toMatchObject({ fulfillmentStatus: "failed", deliveredKey: null, status: "completed" });

    // the email job: a real SMTP receiver gets the key
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, cb) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString()));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const port = (server.server.address() as AddressInfo).port;
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      await (taskList[KEY_EMAIL_TASK] as (p: unknown, h: unknown) => Promise<void>)({ purchaseId: first.id }, {}); // the worker's task
      expect(await emailDeliveredKey({ db: db() }, { purchaseId: first.id })).toBe("sent"); // already sent: not sent twice
      const player = await db().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } });
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual([player.email]);
      expect(received[0].data).toContain("KEY-A");
      expect((await db().purchase.findUniqueOrThrow({ where: { id: first.id } })).keyEmailStatus).toBe("sent");
      delete process.env.SMTP_URL;
      expect(await emailDeliveredKey({ db: db() }, { purchaseId: second.id })).toBe("skipped_no_smtp");
      expect(received).toHaveLength(1);
    } finally {
      delete process.env.SMTP_URL;
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("KEY_DELIVERY under concurrency: 6 parallel purchases of 5 keys get 5 distinct keys and one 'failed'", async () => {
    const s = await makeStore({ players: 6 });
    const p = await makeProductRow(s.game.id, { fulfillmentType: "KEY_DELIVERY" });
    for (let i = 0; i < 5; i++)
      await db().productKey.create({ data: { id: newId(), productId: p.id, value: `K${i}`, createdAt: new Date(Date.now() - (10 - i) * 1000) } });
    const created = await Promise.all(
      s.users.map((userRef) => createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef, method: "card" })),
    );
    const done = await Promise.all(created.map((c) => completePurchase({ db: db() }, { purchaseId: c.id, paymentProvider: "sandbox" })));
    expect(
      done
        .map((d) => d.deliveredKey)
        .filter(Boolean)
        .sort(),
    ).toEqual(["K0", "K1", "K2", "K3", "K4"]);
    expect(done.filter((d) => d.fulfillmentStatus === "failed")).toHaveLength(1);
    expect(await db().productKey.count({ where: { productId: p.id, purchaseId: null } })).toBe(0);
  });

  it("a subscription product starts an Active monthly subscription", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id, { type: "subscription", priceCents: 999 });
    const created = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "card" });
    const done = await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "sandbox" });
    const sub = await db().subscription.findUniqueOrThrow({ where: { id: done.subscriptionId! } });
    expect(sub).toMatchObject({
      status: "Active",
      planCode: "monthly",
      planId: `plan_${p.id}_monthly`,
      paymentMethod: "card",
      amount: 999n,
      userRef: s.users[0],
    });
    const days = (sub.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const twice = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "card" });
    await expect(completePurchase({ db: db() }, { purchaseId: twice.id, paymentProvider: "sandbox" })).rejects.toMatchObject({
      code: "SUBSCRIPTION_ALREADY_ACTIVE",
      status: 409,
    });
  });

  it("wallet: pays the creator and the platform from the player's wallet, to the micro-unit", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 10_000_000n);
    const p = await makeProductRow(s.game.id, { priceCents: 333 });
    const created = await createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "wallet" });
    // 3.33 USDC = 3 330 000 micro; 5 % = 166 500 to the platform, the rest to the game
    expect(created.payouts).toEqual([
      { recipient: "creator", recipientAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/), amount: 3_163_500, kind: "game", ownerRef: s.game.id },
      { recipient: "platform", recipientAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/), amount: 166_500, kind: "fees", ownerRef: "coinop" },
    ]);
    await completePurchase({ db: db() }, { purchaseId: created.id, paymentProvider: "wallet" });
    expect(await usdcBalance("wallet", s.playerIds[0])).toBe(6_670_000n);
    expect(await usdcBalance("game", s.game.id)).toBe(3_163_500n);
  });
});

describe("failPurchase and cancelPurchase", () => {
  it("fail and cancel a pending purchase with their events; both leave a completed purchase alone", async () => {
    const s = await makeStore();
    const p = await makeProductRow(s.game.id);
    const mk = () => createPurchase({ db: db() }, { gameId: s.game.id, environment: "test", productId: p.id, userRef: s.users[0], method: "card" });
    const a = await mk();
    expect(await failPurchase({ db: db() }, { purchaseId: a.id, message: "card declined" })).toMatchObject({
      status: "failed",
      failureMessage: "card declined",
    });
    const [failed] = await eventsOf(s.game.id, "Purchases.Failed");
    expect(failed.data).toMatchObject({ purchaseId: a.id, status: "failed", message: "card declined", user_ref: s.users[0], amount: 499 });
    await expect(completePurchase({ db: db() }, { purchaseId: a.id, paymentProvider: "sandbox" })).rejects.toMatchObject({
      code: "PURCHASE_NOT_PENDING",
      status: 409,
    });
    const b = await mk();
    expect((await cancelPurchase({ db: db() }, { purchaseId: b.id })).status).toBe("canceled");
    expect((await eventsOf(s.game.id, "Purchases.Canceled"))[0].data).toMatchObject({ purchaseId: b.id, status: "canceled" });
    await expect(failPurchase({ db: db() }, { purchaseId: b.id, message: "x" })).rejects.toMatchObject({ code: "PURCHASE_NOT_PENDING" });
    const c = await mk();
    await completePurchase({ db: db() }, { purchaseId: c.id, paymentProvider: "sandbox" });
    expect((await failPurchase({ db: db() }, { purchaseId: c.id, message: "late" })).status).toBe("completed");
    expect((await cancelPurchase({ db: db() }, { purchaseId: c.id })).status).toBe("completed");
    expect(await eventsOf(s.game.id, "Purchases.Failed")).toHaveLength(1);
    expect(await eventsOf(s.game.id, "Purchases.Canceled")).toHaveLength(1);
  });
});
