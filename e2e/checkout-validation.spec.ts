// The pay form checks the fields in the browser before anything is sent (the server checks them again and
// stays the authority): an empty form shows every error at once, each under its field, in screen order
// (email, card number, expiry, CVC); each field is marked invalid and described by its error; focus goes to
// the first; an error goes as soon as its field is fixed; a Luhn-invalid number and a past expiry are caught
// as the payer leaves the field. Nothing reaches the server until the form is valid.
import { expect, test } from "@playwright/test";
import { createProduct, errorOrder, expectFieldError, fieldError, openRedirect, payForm, typeCard } from "./checkout-support";
import { expectHostedPageBasics, screenshot, seed, startReceiver, uniqueEmail } from "./support";

// A seeded tenant, a browser and a real server on a shared 2-core machine: allow for a slow minute.
test.describe.configure({ timeout: 180_000 });

test("validation errors show inline, in screen order, in the browser", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = await seed(baseURL!, receiver.url);
    const item = await createProduct(request, s, { name: "Star Pack", price: 250 });
    const url = await openRedirect(request, s, { itemId: item._id });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto(url);

    await page.getByRole("button", { name: "Pay USD 2.50" }).click();
    expect(await errorOrder(page)).toEqual(["email", "cardNumber", "cardExpiry", "cardCvc"]);
    await expectFieldError(page, "Email", "email", "Enter your email address.");
    await expectFieldError(page, "Card number", "cardNumber", "Enter your card number.");
    await expectFieldError(page, "Expiry (MM / YY)", "cardExpiry", "Enter the expiry date.");
    await expectFieldError(page, "CVC", "cardCvc", "Enter the 3 or 4 digit security code (CVC).");
    await expect(payForm(page).getByLabel("Email")).toBeFocused();
    // announced once, in the same order
    await expect(page.getByTestId("error-summary")).toHaveText(
      "4 fields need your attention: Enter your email address. Enter your card number. Enter the expiry date. Enter the 3 or 4 digit security code (CVC).",
    );
    await expectHostedPageBasics(page);
    await screenshot(page, "checkout-validation-empty");

    // wrong values: a bad email, a number failing Luhn, a past expiry, a short CVC
    await payForm(page).getByLabel("Email").fill("not-an-email");
    await typeCard(page, { number: "4242 4242 4242 4241", expiry: "01 / 20", cvc: "12" });
    await page.getByRole("button", { name: "Pay USD 2.50" }).click();
    expect(await errorOrder(page)).toEqual(["email", "cardNumber", "cardExpiry", "cardCvc"]);
    await expect(fieldError(page, "email")).toHaveText("Enter a valid email address, e.g. you@example.com.");
    await expect(fieldError(page, "cardNumber")).toHaveText("This card number is not valid. Check the digits.");
    await expect(fieldError(page, "cardExpiry")).toHaveText("Your card's expiry date is in the past.");
    await expect(fieldError(page, "cardCvc")).toHaveText("Enter the 3 or 4 digit security code (CVC).");
    await screenshot(page, "checkout-validation-wrong");

    // each error goes as soon as its field is right; the others stay
    await payForm(page).getByLabel("Email").fill(uniqueEmail("valid"));
    await expect(fieldError(page, "email")).toHaveCount(0);
    await expect(payForm(page).getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await expect(fieldError(page, "cardNumber")).toHaveCount(0);
    expect(await errorOrder(page)).toEqual(["cardExpiry", "cardCvc"]);
    expect(posts.filter((u) => u.includes("/checkout/"))).toEqual([]); // nothing was sent yet

    // still wrong: the error stays; right: it goes
    await page.getByLabel("Expiry (MM / YY)").fill("02 / 21");
    await page.getByLabel("CVC").fill("123");
    await expect(fieldError(page, "cardExpiry")).toHaveText("Your card's expiry date is in the past.");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await expect(fieldError(page, "cardExpiry")).toHaveCount(0);
    await expect(fieldError(page, "cardCvc")).toHaveCount(0);

    await page.getByRole("button", { name: "Pay USD 2.50" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  } finally {
    receiver.close();
  }
});
