// The hosted gift claim page as a holder of the claim link sees it: the sender and the amount (with its
// currency code, written the reader's way), in English by default and in French for a French browser; the
// tab title and link preview name the sender; a used code and an unknown one.
import { randomBytes, randomUUID } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/distributions/route";
import { POST as MARK } from "@/app/api/v1/platform/gifts/mark-funded/route";
import { getDb } from "@/lib/db/client";
import { claimGift } from "@/lib/gifts/claim-gift";
import { call } from "@/tests/support/http";
import { makePlatformTenant } from "@/tests/support/platform";
import { inRequest } from "@/tests/support/serve-auth";
import GiftClaimPage, { generateMetadata } from "./page";

// The page reads the browser's language (and the session cookie) through next/headers: answered from inRequest's headers.
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
// The sign-in form (a client component) asks for the App Router, which a bare render has not mounted.
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const gift = async () => {
  const t = await makePlatformTenant();
  const email = `r-${randomBytes(3).toString("hex")}@example.com`;
  const d = (await call(CREATE, { headers: { ...t.tb, "idempotency-key": randomUUID() }, body: { mode: "fixed", recipients: [{ email, amount: 1234.5 }] } }))
    .body;
  const code = randomBytes(32).toString("hex");
  const marked = await call(MARK, {
    headers: { ...t.tb, "idempotency-key": randomUUID() },
    body: {
      distributionId: d._id,
      transactionHash: "0x" + randomBytes(32).toString("hex"),
      giftData: [{ giftId: d.lineItems[0].lineItemId, claimCode: code }],
    },
  });
  expect(marked.status).toBe(200);
  return { ...t, email, code };
};

const props = (code: string) => ({ params: Promise.resolve({ code }) });
const headersOf = (acceptLanguage?: string): Record<string, string> => (acceptLanguage ? { "accept-language": acceptLanguage } : {});
const render = (code: string, acceptLanguage?: string) =>
  inRequest(headersOf(acceptLanguage), async () => plain(renderToStaticMarkup((await GiftClaimPage(props(code))) as ReactElement)));
const metadata = (code: string, acceptLanguage?: string) => inRequest(headersOf(acceptLanguage), () => generateMetadata(props(code)));

describe("the gift claim page", () => {
  it("names the sender and the amount, in English by default and in French for a French browser", async () => {
    const { code, business } = await gift();
    const en = await render(code);
    expect(en).toContain(`${business.name} sent you USD 1,234.50</h1>`);
    expect(en).toContain("Test mode");
    expect(en).toContain("Sign in with the email address the gift was sent to.");
    const meta = await metadata(code);
    expect(meta.title).toEqual({ absolute: `Claim your gift from ${business.name}` });
    expect(plain(String(meta.description))).toBe(`${business.name} sent you a gift of USD 1,234.50. Claim it into your wallet.`);
    expect(meta.referrer).toBe("no-referrer");

    const fr = await render(code, "fr-FR,fr;q=0.9");
    expect(fr).toContain('lang="fr"');
    expect(fr).toContain(`${business.name} vous a envoyé 1 234,50 USD</h1>`);
    expect(fr).toContain("Le cadeau est en USDC et arrive dans votre portefeuille.");
    expect(fr).toContain("Mode test");
    expect(fr).not.toContain("sent you");
    expect((await metadata(code, "fr")).title).toEqual({ absolute: `Récupérez le cadeau de ${business.name}` });
  });

  it("a used code says so to anyone but its claimer, in the reader's language", async () => {
    const { code, email, business } = await gift();
    await claimGift({ db: getDb() }, { claimCode: code, email });
    expect(await render(code)).toContain("This gift was already claimed</h1>");
    expect(await render(code, "fr")).toContain("Ce cadeau a déjà été récupéré</h1>");
    expect((await metadata(code, "fr")).title).toEqual({ absolute: `Cadeau de ${business.name} récupéré` });
  });

  it("an unknown code is not found", async () => {
    await expect(render("0".repeat(64))).rejects.toThrow();
    expect((await metadata("0".repeat(64), "fr")).title).toEqual({ absolute: "Cadeau introuvable" });
  });
});
