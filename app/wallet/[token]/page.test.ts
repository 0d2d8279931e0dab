import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import WalletPage from "./page";
import { POST as manage } from "@/app/api/v1/wallet/manage/route";
import { POST as fund } from "@/app/api/v1/test-helpers/wallets/fund/route";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { fundWallet, makeStore } from "@/tests/support/purchases";
import { custodyAddress } from "@/lib/custody/address";

const render = async (token: string) => renderToStaticMarkup((await WalletPage({ params: Promise.resolve({ token }) })) as ReactElement);

describe("the hosted wallet page", () => {
  it("shows the game, the balance, the address and the activity for a valid link; other games' movements are neutral", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 5_000_000n); // not this game's: "test funds" must not show
    expect((await call(fund, { headers: s.headers, body: { userRef: s.users[0], amountUsdc: "2.25" } })).status).toBe(200);
    const { linkUrl } = (await call(manage, { headers: idem(s.headers), body: { userId: s.users[0] } })).body;
    const html = await render(linkUrl.split("/wallet/")[1]);
    expect(html).toContain(s.game.name);
    expect(html).toContain("Test mode");
    expect(html).toMatch(/7\.25 <span[^>]*>USDC<\/span>/);
    expect(html).toContain(custodyAddress("wallet", s.playerIds[0], "test"));
    expect(html).toContain("Test USDC top-up of 2.25");
    expect(html).toContain("Other activity");
    expect(html).toContain("5.00 USDC");
    expect(html).not.toContain("test funds");
    expect(html).toContain('<h1 id="title"');
    expect(html).toContain('aria-label="Wallet activity, newest first"');
  });

  it("explains an invalid link without showing any wallet", async () => {
    const html = await render("not-a-token");
    expect(html).toContain("This link is not valid");
    expect(html).not.toContain("USDC");
  });
});
