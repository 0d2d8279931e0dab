// A platform distribution pays a new recipient by gift: the platform funds it (partner path, mark-funded), the
// claim email lands in the development outbox (/dev/mail), the recipient opens the claim link, signs up, confirms
// their email, comes back signed in and claims the gift into their wallet. The used link then says so.
// Screenshots on desktop and phone.
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  asNewVisitor,
  expectHostedPageBasics,
  openNewestMail,
  screenshot,
  seed,
  signUpOnForm,
  startReceiver,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./support";

type Platformed = Awaited<ReturnType<typeof seed>> & { platform: { platformId: string; platformKey: string }; business: { businessId: string } };

test("a new recipient claims a gift after signing up and confirming their email", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as Platformed;
    const headers = { authorization: `Bearer ${s.platform.platformKey}`, "x-target-business-id": s.business.businessId };
    const email = uniqueEmail("gift");
    const created = await request.post("/api/v1/platform/distributions", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { mode: "fixed", memo: "Tournament prize", recipients: [{ email, name: "Winner", amount: 12.34 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const d = await created.json();
    expect(d.lineItems[0]).toMatchObject({ method: "gift", amountCents: 1234, status: "pending" });
    const code = randomBytes(32).toString("hex");
    const marked = await request.post("/api/v1/platform/gifts/mark-funded", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: {
        distributionId: d._id,
        transactionHash: "0x" + randomBytes(32).toString("hex"),
        giftData: [{ giftId: d.lineItems[0].lineItemId, claimCode: code }],
      },
    });
    expect(marked.status(), await marked.text()).toBe(200);
    expect((await marked.json()).result).toEqual({ updatedCount: 1, emailsSent: 1, emailsFailed: 0, totalFundedCents: 1234 });

    await asNewVisitor(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The claim email, in the outbox.
    await openNewestMail(page, email, /^You received a gift of USD\s12\.34$/);
    await expect(page.getByText(`/gift/${code}`).first()).toBeVisible();
    await screenshot(page, "gift-mail");

    const url = `${baseURL}/gift/${code}`;
    await page.goto(url);
    // the title names the sender and the action; the amount carries its currency code
    await expect(page).toHaveTitle(/^Claim your gift from .+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ sent you USD\s12\.34$/);
    await expect(page.getByText("Test mode")).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "gift-claim-signed-out");

    await signUpOnForm(page, { email, password: "a-good-password" });
    await verifyEmailFromOutbox(page, { email, password: "a-good-password" });
    await expect(page).toHaveURL(url);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "gift-claim-signed-in");

    await page.getByRole("button", { name: /^Claim USD\s12\.34$/ }).click();
    await expect(page.getByRole("heading", { name: "Gift claimed" })).toBeVisible();
    await expect(page).toHaveTitle(/^Gift from .+ claimed$/);
    await expect(page.getByText(/^USD\s12\.34 is in your wallet\.$/)).toBeVisible();
    await expectHostedPageBasics(page);
    await screenshot(page, "gift-claimed");

    // The link works once: a second claim through the test helper is refused, and a stranger sees it was used.
    const again = await request.post("/api/v1/test-helpers/gifts/claim", { headers, data: { claimCode: code, email } });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe("GIFT_ALREADY_CLAIMED");
    await page.context().clearCookies();
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "This gift was already claimed" })).toBeVisible();
    await screenshot(page, "gift-already-claimed");
    await page.goto(`${baseURL}/gift/${"0".repeat(64)}`);
    await expect(page.getByRole("heading", { name: "We couldn't find this gift" })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    receiver.close();
  }
});
