// Finding 6 of issue 9, written as the attack, over real HTTP: one game reads another's movements in the
// player's shared USDC wallet, through POST /v1/wallet/balance and the hosted page of /v1/wallet/manage.
// Rule (docs/security.md): a link the player has not approved shows no balance and no history; an
// approved link shows the balance, and only that game's own movements by name (others read neutrally).
import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WalletPage from "@/app/wallet/[token]/page";
import { POST as campaignInitiate } from "@/app/api/v1/campaign/[id]/users/link/initiate/route";
import { POST as campaignEvent } from "@/app/api/v1/campaign/[id]/events/route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { POST as createProduct } from "@/app/api/v1/product/route";
import { POST as approveSession } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { GET as userInfo } from "@/app/api/v1/users/[userRef]/route";
import { POST as linkInitiate } from "@/app/api/v1/users/link/initiate/route";
import { GET as vcBalances } from "@/app/api/v1/vc/balances/route";
import { POST as vcCredit } from "@/app/api/v1/vc/credits/route";
import { POST as vcCurrency } from "@/app/api/v1/vc/currencies/route";
import { GET as vcJournals } from "@/app/api/v1/vc/journals/route";
import { POST as walletBalance } from "@/app/api/v1/wallet/balance/route";
import { POST as walletManage } from "@/app/api/v1/wallet/manage/route";
import { POST as walletPurchase } from "@/app/api/v1/wallet/purchase/route";
import { approveAsPerson } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { custodyAddress } from "@/lib/ledger/address";
import { loadWalletPage, OTHER_ACTIVITY } from "@/lib/wallet/load-wallet-page";
import { makeGame } from "@/tests/support/fixtures";
import { serveRoutes } from "@/tests/support/serve-routes";

// The wallet page reads the browser's language through next/headers: outside a request, none (English).
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

let server: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  server = await serveRoutes([
    campaignInitiate,
    campaignEvent,
    createGrant,
    createProduct,
    approveSession,
    userInfo,
    linkInitiate,
    vcBalances,
    vcCredit,
    vcCurrency,
    vcJournals,
    walletBalance,
    walletManage,
    walletPurchase,
  ]);
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const post = (path: string, headers: Headers, body: unknown) =>
  server.api(path, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() }, body });
const get = (path: string, headers: Headers) => server.api(path, { headers });

/** The player approves `headers`' game on the hosted link page, signed in (one person approves several games). */
const approveGame = async (headers: Headers, email: string) => {
  const { sessionKey } = (await post("/v1/users/link/initiate", headers, { email })).body;
  return (await approveAsPerson(sessionKey, email)).userRef!;
};

/** A game with one item of `cents`; the player buys it from their wallet. Returns the purchase id. */
const buyFromWallet = async (g: { headers: Headers }, userRef: string, cents: number) => {
  const item = await post("/v1/product", g.headers, { name: `Item ${cents}`, type: "purchase", fulfillmentType: "WEBHOOK", price: cents });
  const bought = await post("/v1/wallet/purchase", g.headers, { userId: userRef, itemId: item.body._id });
  expect(bought.status, bought.text).toBe(200);
  return { purchaseId: bought.body.data.purchaseId as string, itemId: item.body._id as string };
};

const pageOf = async (headers: Headers, userId: string) => {
  const manage = await post("/v1/wallet/manage", headers, { userId });
  expect(manage.status, manage.text).toBe(200);
  const token = (manage.body.linkUrl as string).split("/wallet/")[1];
  const data = await loadWalletPage({ db: getDb() }, { token });
  if (!data.ok) throw new Error(`wallet page not ok: ${data.reason}`);
  const html = renderToStaticMarkup((await WalletPage({ params: Promise.resolve({ token }) })) as ReactElement);
  return { data, html };
};

describe("finding 6: a game sees only its own movements in the player's wallet", () => {
  it("an unapproved link shows no balance and no wallet page; an approved one shows the balance, its own movements named and the rest neutral", async () => {
    const email = `wallet-${randomUUID().slice(0, 8)}@example.com`;
    // business A: its campaign pays the player 80 USDC, and its game sells the player a $5 item
    const campaign = await makeCampaignWith({ fundMicros: 1_000_000_000n, status: "started" });
    const { sessionKey } = (await post(`/v1/campaign/${campaign.campaign.id}/users/link/initiate`, campaign.headers, { email })).body;
    const campaignRef = (await post(`/v1/test-helpers/link-sessions/${sessionKey}/approve`, campaign.headers, { email })).body.userRef as string;
    expect((await post(`/v1/campaign/${campaign.campaign.id}/events`, campaign.headers, { userRef: campaignRef, payoutAmount: 80 })).status).toBe(202);
    const a = await makeGame();
    const aRef = await approveGame(a.headers, email);
    const aBuy = await buyFromWallet(a, aRef, 500);

    // business B's game knows the email: a grant links the player to it, unapproved
    const b = await makeGame();
    const bItem = await post("/v1/product", b.headers, { name: "B item", type: "purchase", fulfillmentType: "WEBHOOK", price: 1000 });
    const bRef = (await post("/v1/checkout/grants", b.headers, { itemId: bItem.body._id, email })).body.userRef as string;
    const player = await getDb().player.findUniqueOrThrow({ where: { email } });
    const address = custodyAddress("wallet", player.id, "test");

    const balance = await post("/v1/wallet/balance", b.headers, { userId: bRef });
    expect([balance.status, balance.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    expect(balance.body.error).toContain("to see their wallet balance and history");
    expect(balance.text).not.toContain(address);
    expect(balance.body.balance).toBeUndefined();
    expect(balance.text).not.toContain("75.00");
    const manage = await post("/v1/wallet/manage", b.headers, { userId: bRef });
    expect([manage.status, manage.body.code, manage.body.linkUrl]).toEqual([403, "LINK_NOT_APPROVED", undefined]);

    // the player approves game B: the balance shows, and B's own purchase is named on the page
    expect(await approveGame(b.headers, email)).toBe(bRef);
    const approvedBalance = await post("/v1/wallet/balance", b.headers, { userId: bRef });
    expect(approvedBalance.body).toEqual({ address, balance: "75.00" });
    const bBuy = (await post("/v1/wallet/purchase", b.headers, { userId: bRef, itemId: bItem.body._id })).body.data.purchaseId as string;

    const bPage = await pageOf(b.headers, bRef);
    expect(bPage.data.balance).toBe("65.00");
    expect(bPage.data.history.map(({ description, amount, direction }) => ({ description, amount, direction }))).toEqual([
      { description: `Wallet purchase ${bBuy} of item ${bItem.body._id}`, amount: "10.00", direction: "out" },
      { description: OTHER_ACTIVITY, amount: "5.00", direction: "out" },
      { description: OTHER_ACTIVITY, amount: "80.00", direction: "in" },
    ]);
    for (const secret of [aBuy.purchaseId, aBuy.itemId, campaign.campaign.id, campaignRef, aRef]) {
      expect(JSON.stringify(bPage.data)).not.toContain(secret);
      expect(bPage.html).not.toContain(secret);
    }
    expect(bPage.html).toContain(`Wallet purchase ${bBuy}`);
    expect(bPage.html).toContain(OTHER_ACTIVITY);

    // and game A's page, the other way round
    const aPage = await pageOf(a.headers, aRef);
    expect(aPage.data.history.map((h) => h.description)).toEqual([OTHER_ACTIVITY, `Wallet purchase ${aBuy.purchaseId} of item ${aBuy.itemId}`, OTHER_ACTIVITY]);
    expect(aPage.html).not.toContain(bBuy);
  });

  it("virtual currency and user info stay inside the game: another game's currency or userRef is a 404", async () => {
    const email = `vc-${randomUUID().slice(0, 8)}@example.com`;
    const a = await makeGame();
    const aRef = await approveGame(a.headers, email);
    const currencyId = (await post("/v1/vc/currencies", a.headers, { code: "GEM", name: "Gems" })).body.currency._id as string;
    expect((await post("/v1/vc/credits", a.headers, { currencyId, userRef: aRef, amountUnits: "500", orderId: "o-1" })).status).toBe(201);
    const b = await makeGame();
    const bRef = await approveGame(b.headers, email); // even approved, B sees only its own namespace
    const balance = await get(`/v1/vc/balances?currencyId=${currencyId}&userRef=${bRef}`, b.headers);
    expect([balance.status, balance.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const journals = await get(`/v1/vc/journals?currencyId=${currencyId}`, b.headers);
    expect([journals.status, journals.body.code]).toEqual([404, "CURRENCY_NOT_FOUND"]);
    const info = await get(`/v1/users/${aRef}`, b.headers);
    expect([info.status, info.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect(info.text).not.toContain(email);
  });
});
