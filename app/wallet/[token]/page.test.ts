import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import WalletPage from "./page";
import { POST as manage } from "@/app/api/v1/wallet/manage/route";
import { POST as fund } from "@/app/api/v1/test-helpers/wallets/fund/route";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { fundWallet, makeStore } from "@/tests/support/purchases";
import { custodyAddress } from "@/lib/ledger/address";
import { inRequest } from "@/tests/support/serve-auth";

// The page reads the browser's language through next/headers: answered from inRequest's headers (none: English).
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const render = async (token: string, acceptLanguage?: string) =>
  inRequest(acceptLanguage ? { "accept-language": acceptLanguage } : {}, async () =>
    renderToStaticMarkup((await WalletPage({ params: Promise.resolve({ token }) })) as ReactElement),
  );
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

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
    // the network of the address, and a copy button for it
    expect(html).toMatch(/data-testid="wallet-network">Coinop ledger \(held for you by this service\)</);
    expect(html).toContain(">Copy address</button>");
    expect(html).toMatch(/The link stops working at <time dateTime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}.(AM|PM) UTC<\/time>/);

    // a French browser: the same page in French, amounts and dates written the French way
    const fr = plain(await render(linkUrl.split("/wallet/")[1], "fr-FR,fr;q=0.9,en;q=0.5"));
    expect(fr).toContain("Solde de votre portefeuille");
    expect(fr).toMatch(/7,25 <span[^>]*>USDC<\/span>/);
    expect(fr).toContain("5,00 USDC");
    expect(fr).toContain("Autre activité");
    expect(fr).toContain(">Copier l’adresse</button>");
    expect(fr).toContain("Registre Coinop");
    expect(fr).toContain("Mode test");
    expect(fr).toMatch(/Le lien cesse de fonctionner le <time dateTime="[^"]+">\d{1,2} [a-zé]+\.? \d{4}, \d{2}:\d{2} UTC<\/time>/);
    expect(fr).toContain('lang="fr"');
    expect(fr).not.toContain("Other activity");
  });

  it("explains an invalid link without showing any wallet", async () => {
    const html = await render("not-a-token");
    expect(html).toContain("This link is not valid");
    expect(html).not.toContain("USDC");
    expect(await render("not-a-token", "fr")).toContain("Ce lien n’est pas valable");
  });
});
