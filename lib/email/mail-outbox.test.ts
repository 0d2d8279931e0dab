import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findMailMessage, isMailOutboxEnabled, listMailMessages } from "./mail-outbox";
import { sendEmail } from "./send-email";

describe("the mail outbox", () => {
  it("is served outside production, and in production only with COINOP_MAIL_OUTBOX=1", () => {
    expect(isMailOutboxEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(isMailOutboxEnabled({ NODE_ENV: "test" })).toBe(true);
    expect(isMailOutboxEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(isMailOutboxEnabled({ NODE_ENV: "production", COINOP_MAIL_OUTBOX: "0" })).toBe(false);
    expect(isMailOutboxEnabled({ NODE_ENV: "production", COINOP_MAIL_OUTBOX: "1" })).toBe(true);
  });

  it("lists the newest first, filters by recipient, and finds one by id", async () => {
    const a = `a-${Date.now()}@example.com`;
    const b = `b-${Date.now()}@example.com`;
    const first = await sendEmail({ to: a, subject: "first", text: "1" }, { smtpUrl: "" });
    await new Promise((r) => setTimeout(r, 5));
    await sendEmail({ to: b, subject: "second", text: "2" }, { smtpUrl: "" });
    await new Promise((r) => setTimeout(r, 5));
    await sendEmail({ to: a, subject: "third", text: "3" }, { smtpUrl: "" });
    const all = await listMailMessages({ db: getDb() });
    expect(all.slice(0, 3).map((m) => m.subject)).toEqual(["third", "second", "first"]);
    expect((await listMailMessages({ db: getDb() }, { to: a })).map((m) => m.subject)).toEqual(["third", "first"]);
    expect((await findMailMessage({ db: getDb() }, { id: (first as { outboxId: string }).outboxId }))?.subject).toBe("first");
    expect(await findMailMessage({ db: getDb() }, { id: "nope" })).toBeNull();
    expect(await findMailMessage({ db: getDb() }, { id: "x".repeat(1000) })).toBeNull();
  });
});
