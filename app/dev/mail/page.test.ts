import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { sendEmail } from "@/lib/email/send-email";
import MailPage from "./[id]/page";
import MailOutboxPage from "./page";

const env = process.env as Record<string, string | undefined>;
const list = async (to?: string) => renderToStaticMarkup((await MailOutboxPage({ searchParams: Promise.resolve(to ? { to } : {}) })) as ReactElement);
const one = async (id: string, token?: string) =>
  renderToStaticMarkup((await MailPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(token ? { token } : {}) })) as ReactElement);
const notFoundOf = (p: Promise<unknown>) =>
  p.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest,
  );

describe("/dev/mail", () => {
  afterEach(() => {
    env.NODE_ENV = "test";
    delete env.COINOP_MAIL_OUTBOX;
    delete env.COINOP_MAIL_OUTBOX_TOKEN;
  });

  it("lists the stored mails newest first, filters by recipient, and shows one with its links clickable", async () => {
    const to = `outbox-${Date.now()}@example.com`;
    await sendEmail({ to, subject: "Older <b>mail</b>", text: "no links" }, { smtpUrl: "" });
    await new Promise((r) => setTimeout(r, 5));
    const sent = await sendEmail(
      { to, subject: "Confirm your email", text: "Open http://localhost:3000/account/verify/abc_DEF-1 now.\njavascript:alert(1)" },
      { smtpUrl: "" },
    );
    const html = await list(to);
    expect(html).toContain("<h1");
    expect(html.indexOf("Confirm your email")).toBeLessThan(html.indexOf("Older &lt;b&gt;mail&lt;/b&gt;"));
    const id = (sent as { outboxId: string }).outboxId;
    expect(html).toContain(`href="/dev/mail/${id}"`);
    expect(await list("someone-else@example.com")).toContain("No mails yet.");

    const mail = await one(id);
    expect(mail).toContain(`<a href="http://localhost:3000/account/verify/abc_DEF-1"`);
    expect(mail).toContain(`>${to}</dd>`);
    expect(mail).not.toContain('href="javascript:');
    expect(await notFoundOf(one("nope"))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });

  it("is a 404 in production, unless COINOP_MAIL_OUTBOX=1 and the URL carries its token", async () => {
    const to = `prod-${Date.now()}@example.com`;
    const sent = await sendEmail({ to, subject: "Secret link", text: "http://localhost:3000/account/reset/x" }, { smtpUrl: "" });
    env.NODE_ENV = "production";
    expect(await notFoundOf(list())).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await notFoundOf(one((sent as { outboxId: string }).outboxId))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    env.COINOP_MAIL_OUTBOX = "1";
    env.COINOP_MAIL_OUTBOX_TOKEN = "a-token-of-twenty-or-more-characters";
    expect(await notFoundOf(list(to))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    const html = renderToStaticMarkup(
      (await MailOutboxPage({ searchParams: Promise.resolve({ to, token: "a-token-of-twenty-or-more-characters" }) })) as ReactElement,
    );
    expect(html).toContain("Secret link");
    expect(await one((sent as { outboxId: string }).outboxId, "a-token-of-twenty-or-more-characters")).toContain("Secret link");
  });
});
