// The portal's webhooks page in a real browser against the production build: add an endpoint pointing at a
// real local receiver, send it a test event and see it arrive (signed with the endpoint's secret) and in the
// delivery log with its request headers, then resend it and see a second arrival with the same event id.
// The page is audited with axe and saved as a screenshot.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { auditPortalPage, openPortal, signInToPortal } from "./portal-support";
import { startReceiver } from "./support";

test.describe.configure({ timeout: 180_000 });

test("an endpoint gets a test event, the log shows it, and a resend arrives with the same event id", async ({ page, baseURL }) => {
  const primary = await startReceiver();
  const receiver = await startReceiver();
  try {
    const s = await signInToPortal(page, baseURL!, primary.url);
    await openPortal(page, s, "/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    const primaryItem = page.locator('[data-primary="yes"]');
    await expect(primaryItem.getByTestId("endpoint-url")).toHaveText(primary.url);

    // add an endpoint: its secret is shown
    const add = page.getByRole("form", { name: /^Add an endpoint to / });
    await add.getByLabel("URL").fill(receiver.url);
    await add.getByLabel("Description").fill("Local receiver");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    await expect(add.getByRole("status").first()).toContainText(`Endpoint added: ${receiver.url} (every event)`);
    const secret = (await add.getByTestId("raw-key").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    await page.reload();
    const item = page.locator('[data-primary="no"]');
    await expect(item.getByTestId("endpoint-url")).toHaveText(receiver.url);
    await expect(item.getByTestId("endpoint-health")).toHaveText("No attempts yet");

    // send a test event: it arrives, signed with the endpoint's own secret
    const test1 = item.getByRole("form", { name: "Send a test event to Local receiver" });
    await test1.getByRole("button", { name: "Send test event" }).click();
    await expect(test1.getByRole("status")).toContainText("Test event sent");
    await expect.poll(() => receiver.hooks.length, { timeout: 20_000 }).toBe(1);
    const [first] = receiver.hooks;
    expect(first.event).toBe("Webhook.Ping");
    expect(first.signature).toBe(createHmac("sha256", secret).update(first.raw).digest("hex"));
    expect(first.eventId).toMatch(/^[0-9a-f]{24}$/);
    expect(primary.hooks.filter((h) => h.event === "Webhook.Ping")).toEqual([]);

    // it is in the delivery log, succeeded, with its request headers and body
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId(`delivery-${first.deliveryId}`)).toHaveAttribute("data-status", "succeeded", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const row = page.getByTestId(`delivery-${first.deliveryId}`);
    await expect(row).toHaveAttribute("data-event-id", first.eventId);
    await row.locator("summary").click();
    await expect(row).toContainText(`x-service-event-id: ${first.eventId}`);
    await expect(row).toContainText(`x-service-signature: ${first.signature}`);
    await expect(row).toContainText("HTTP 200");
    expect(await page.content()).not.toContain(secret);
    await expect(item.getByTestId("endpoint-health")).toHaveText("100% of the last attempt succeeded");
    await auditPortalPage(page, "webhooks");

    // resend it: a second arrival, same event id, another delivery id
    const resend = row.getByRole("form", { name: `Resend delivery ${first.deliveryId}` });
    await resend.getByRole("button", { name: "Resend" }).click();
    await expect(resend.getByRole("status")).toContainText(`Resent as a new delivery of event ${first.eventId}`);
    await expect.poll(() => receiver.hooks.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.hooks[1].eventId).toBe(first.eventId);
    expect(receiver.hooks[1].deliveryId).not.toBe(first.deliveryId);
    expect(receiver.hooks[1].raw).toBe(first.raw);

    // the log filtered by event shows both deliveries of the event
    await page.getByLabel("Event", { exact: true }).selectOption("Webhook.Ping");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.locator(`[data-event-id="${first.eventId}"]`)).toHaveCount(2);
    await auditPortalPage(page, "webhooks-filtered");
  } finally {
    primary.close();
    receiver.close();
  }
});
