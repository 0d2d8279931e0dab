// Finding 4 of issue 9, written as the attack: an email field long enough, and shaped so, that the
// hosted checkout's email regex (/^[^\s@]+@[^\s@]+\.[^\s@]+$/, on an unbounded field) backtracks
// quadratically: about 48,000 characters held the only Node thread for 1.5 s, 1 MB for many minutes.
// Rule: one email validator (lib/core/email.ts) with a length cap applied before any pattern, used by the
// checkout action and every API schema that takes an email; every free-text field the action reads is
// capped by length before anything else reads it. No timing is asserted: vitest's test timeout is the
// guard, and a regex stuck on a 1 MB string cannot be interrupted, so a regression hangs this file.
import "@/tests/support/serve-auth";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { payAction } from "@/app/checkout/actions";
import { PAY_START, type PayState } from "@/lib/hosted/form-state";
import { POST as campaignInitiate } from "@/app/api/v1/campaign/[id]/users/link/initiate/route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as openRedirect } from "@/app/api/v1/checkout/redirect/route";
import { POST as completeHelper } from "@/app/api/v1/test-helpers/checkout/complete/route";
import { POST as visitInvite } from "@/app/api/v1/test-helpers/link-invites/[code]/visit/route";
import { POST as approveSession } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as linkInitiate } from "@/app/api/v1/users/link/initiate/route";
import { getDb } from "@/lib/db/client";
import { MAX_BODY_BYTES } from "@/lib/http/route";
import { CampaignInitiateLinkBody } from "@/lib/campaigns/schemas";
import { CompleteHelperBody, GrantBody } from "@/lib/checkout/schemas";
import { VisitInviteBody } from "@/lib/invites/schemas";
import { ApproveLinkBody, InitiateLinkBody } from "@/lib/linking/schemas";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { makeProductRow } from "@/tests/support/purchases";
import { serveRoutes } from "@/tests/support/serve-routes";

/** The attack string: one '@', then a run of "a." that the old regex split at every dot, ending in a character that fails the match. */
const evilEmail = (length: number) => `a@${"a.".repeat(Math.floor((length - 3) / 2))}@`;
const MEGABYTE = 1 << 20;

let server: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  server = await serveRoutes([createGrant, openRedirect, completeHelper, linkInitiate, campaignInitiate, approveSession, visitInvite]);
});
afterAll(() => server.close());

const START: PayState = PAY_START;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const checkoutOf = async () => {
  const g = await makeGame();
  const item = await makeProductRow(g.game.id);
  const res = await server.api(`/v1/checkout/redirect?gameId=${g.game.id}&itemId=${item.id}`, { headers: g.headers });
  expect(res.status, res.text).toBe(200);
  return { ...g, item, url: res.body.body.url as string, token: new URL(res.body.body.url).pathname.split("/").pop()! };
};

describe("finding 4: a long, crafted email is refused by its length before any pattern runs", () => {
  it("the hosted checkout's pay action: a 1 MB email is refused on the email field; nothing is created", async () => {
    const c = await checkoutOf();
    const card = { method: "card", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 40", cardCvc: "123" };
    const state = await payAction({ kind: "session", id: c.token, sig: null }, START, form({ ...card, email: evilEmail(MEGABYTE) }));
    expect(state).toEqual({ ...START, fieldErrors: [{ field: "email", message: "Enter a valid email address, e.g. you@example.com." }], attempt: 1 });
    // the same shape at the length that took 1.5 s before, and just over the cap
    for (const length of [48_000, 256]) {
      expect(await payAction({ kind: "session", id: c.token, sig: null }, START, form({ ...card, email: evilEmail(length) }))).toMatchObject({
        fieldErrors: [{ field: "email", message: expect.any(String) }],
      });
    }
    expect(await getDb().purchase.count({ where: { gameId: c.game.id } })).toBe(0);
    expect(await getDb().player.count({ where: { email: { startsWith: "a@a.a." } } })).toBe(0);
  });

  it("the action caps every other field it reads too (card number, expiry, CVC, method) before reading it", async () => {
    const c = await checkoutOf();
    const ok = { method: "card", email: "payer@example.com", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 40", cardCvc: "123" };
    const huge = "4".repeat(MEGABYTE);
    const cases: [Record<string, string>, string, string][] = [
      [{ cardNumber: huge }, "cardNumber", "This card number is too long."],
      [{ cardExpiry: `12/${huge}` }, "cardExpiry", "Enter the expiry date as MM/YY, e.g. 12/34."],
      [{ cardCvc: huge }, "cardCvc", "Enter the 3 or 4 digit security code (CVC)."],
      [{ method: `vc:${huge}` }, "method", "Choose how you want to pay."],
    ];
    for (const [fields, field, error] of cases) {
      expect(await payAction({ kind: "session", id: c.token, sig: null }, START, form({ ...ok, ...fields }))).toEqual({
        ...START,
        fieldErrors: [{ field, message: error }],
        attempt: 1,
      });
    }
    expect(await getDb().purchase.count({ where: { gameId: c.game.id } })).toBe(0);
  });

  it("payCheckout (any caller) refuses a 1 MB email with 400 INVALID_EMAIL on the email field", async () => {
    const c = await checkoutOf();
    const err = await payCheckout(
      { db: getDb() },
      {
        ref: parseCheckoutUrl(c.url)!,
        method: "card",
        card: { number: "4242424242424242" },
        email: evilEmail(MEGABYTE),
      },
    ).catch((e) => e);
    expect([err.status, err.code, err.details]).toEqual([400, "INVALID_EMAIL", [{ field: "email", message: "is not a valid email address" }]]);
    expect(await getDb().purchase.count({ where: { gameId: c.game.id } })).toBe(0);
  });

  it("every API schema that takes an email refuses a 1 MB one as a validation error on `email`", () => {
    const schemas: [string, z.ZodType][] = [
      ["GrantBody", GrantBody],
      ["CompleteHelperBody", CompleteHelperBody],
      ["InitiateLinkBody", InitiateLinkBody],
      ["ApproveLinkBody", ApproveLinkBody],
      ["VisitInviteBody", VisitInviteBody],
      ["CampaignInitiateLinkBody", CampaignInitiateLinkBody],
    ];
    for (const [name, schema] of schemas) {
      const parsed = schema.safeParse({ email: evilEmail(MEGABYTE), itemId: "item_1", url: "http://localhost/checkout/r/x", outcome: "succeeded" });
      expect([name, parsed.success]).toEqual([name, false]);
      const issues = parsed.error!.issues.filter((i) => i.path.join(".") === "email");
      expect([name, issues.map((i) => i.message)]).toEqual([name, expect.arrayContaining(["must be at most 254 characters"])]);
      expect([name, parsed.error!.issues.every((i) => i.path.join(".") === "email")]).toEqual([name, true]);
    }
  });

  it("over HTTP, each route that takes an email answers 400 VALIDATION_ERROR naming `email` for the longest such email a body may carry", async () => {
    const g = await makeGame();
    const c = await makeCampaign();
    const item = await makeProductRow(g.game.id);
    const grantUrl = (
      await server.api("/v1/checkout/grants", { method: "POST", headers: { ...g.headers, "idempotency-key": randomUUID() }, body: { itemId: item.id } })
    ).body.checkoutUrl as string;
    const session = (await server.api("/v1/users/link/initiate", { method: "POST", headers: { ...g.headers, "idempotency-key": randomUUID() }, body: {} })).body
      .sessionKey as string;
    const email = evilEmail(MAX_BODY_BYTES - 200); // the body stays under the kernel's 1 MB cap, so the schema is what refuses it
    const calls: [string, Record<string, string>, Record<string, unknown>][] = [
      ["/v1/checkout/grants", g.headers, { itemId: item.id, email }],
      ["/v1/test-helpers/checkout/complete", g.headers, { url: grantUrl, outcome: "succeeded", email }],
      ["/v1/users/link/initiate", g.headers, { email }],
      [`/v1/campaign/${c.campaign.id}/users/link/initiate`, c.headers, { email }],
      [`/v1/test-helpers/link-sessions/${session}/approve`, g.headers, { email }],
      ["/v1/test-helpers/link-invites/inv_missing/visit", g.headers, { email }],
    ];
    for (const [path, headers, body] of calls) {
      const res = await server.api(path, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() }, body });
      expect([path, res.status, res.body.code]).toEqual([path, 400, "VALIDATION_ERROR"]);
      expect([path, res.body.details.every((d: { field: string }) => d.field === "email")]).toEqual([path, true]);
      expect([path, res.body.details]).toEqual([path, expect.arrayContaining([{ field: "email", message: "must be at most 254 characters" }])]);
    }
    expect(await getDb().checkoutGrant.count({ where: { gameId: g.game.id } })).toBe(1);
    expect(await getDb().purchase.count({ where: { gameId: g.game.id } })).toBe(0);
  });
});
