// Finding 15 of issue 26, written as the attack: under `npm start` with COINOP_MAIL_OUTBOX=1 (no SMTP server
// yet), /dev/mail listed every mail the server sent, password-reset and sign-up links included, to anyone who
// opened it: a stranger asks a reset for the victim's email, reads the link in the outbox, and sets the password.
// Rule (docs/decisions/security.md): in production the outbox asks for a token in its URL (COINOP_MAIL_OUTBOX_TOKEN,
// or a random one `npm start` makes), printed at start-up beside a warning that names the risk. Without it, or with
// a wrong one, the list and every mail are a 404 that shows nothing. Development keeps working without a token.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import MailPage from "@/app/dev/mail/[id]/page";
import MailOutboxPage from "@/app/dev/mail/page";
import * as outbox from "@/lib/email/mail-outbox";
import { sendEmail } from "@/lib/email/send-email";

const env = process.env as Record<string, string | undefined>;
afterEach(() => {
  env.NODE_ENV = "test";
  delete env.COINOP_MAIL_OUTBOX;
  delete env.COINOP_MAIL_OUTBOX_TOKEN;
});

const rendered = (p: Promise<unknown>) =>
  p.then(
    (el) => renderToStaticMarkup(el as ReactElement),
    (e: { digest?: string; message?: string }) => `thrown: ${e.digest ?? e.message}`,
  );
const list = (query: Record<string, string>) => rendered(MailOutboxPage({ searchParams: Promise.resolve(query) } as never));
const one = (id: string, query: Record<string, string>) =>
  rendered(MailPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(query) } as never));
const NOT_FOUND = "thrown: NEXT_HTTP_ERROR_FALLBACK;404";

/** A reset mail to the victim, stored in the outbox (no SMTP_URL). */
const resetMail = async () => {
  const to = `victim-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const link = `http://localhost:3000/account/reset/${Math.random().toString(36).slice(2)}`;
  const sent = (await sendEmail({ to, subject: "Set a new password", text: `Choose a new password: ${link}` }, { smtpUrl: "" })) as { outboxId: string };
  return { to, link, id: sent.outboxId };
};

describe("the mail outbox under npm start (production, COINOP_MAIL_OUTBOX=1)", () => {
  it("without the token, or with a wrong one, the list and the mail are a 404 showing nothing; the right token shows them", async () => {
    const { to, link, id } = await resetMail();
    const token = "outbox-token-0123456789abcdef0123456789";
    env.NODE_ENV = "production";
    env.COINOP_MAIL_OUTBOX = "1";
    env.COINOP_MAIL_OUTBOX_TOKEN = token;
    const queries: Record<string, string>[] = [
      {},
      { to },
      { token: "" },
      { token: "wrong" },
      { token: token.slice(0, -1) },
      { token: `${token}x` },
      { to, token: token.toUpperCase() },
    ];
    for (const query of queries) {
      const html = await list(query);
      expect(html, JSON.stringify(query)).toBe(NOT_FOUND);
      expect(html).not.toContain(link);
      expect(await one(id, query)).toBe(NOT_FOUND);
    }
    const shown = await list({ to, token });
    expect(shown).toContain("Set a new password");
    // the outbox's own links carry the token, so a person can follow them
    expect(shown).toContain(`href="/dev/mail/${id}?token=${token}"`);
    const mail = await one(id, { token });
    expect(mail).toContain(`<a href="${link}"`);
    expect(mail).toContain(`href="/dev/mail?token=${token}"`);
  });

  it("a production server with COINOP_MAIL_OUTBOX=1 but no token (a bare next start) serves no outbox at all", async () => {
    const { id } = await resetMail();
    env.NODE_ENV = "production";
    env.COINOP_MAIL_OUTBOX = "1";
    expect(await list({})).toBe(NOT_FOUND);
    expect(await list({ token: "" })).toBe(NOT_FOUND);
    expect(await one(id, { token: "undefined" })).toBe(NOT_FOUND);
  });

  it("npm start makes a token (or takes COINOP_MAIL_OUTBOX_TOKEN), hands it to the server, and prints it with a warning that names the risk", () => {
    const atStart = (outbox as Record<string, unknown>).mailOutboxAtStart as (input: {
      mode: "dev" | "start";
      env: Record<string, string | undefined>;
      appUrl: string;
    }) => { env: Record<string, string>; lines: string[] };
    expect(typeof atStart).toBe("function");
    const started = atStart({ mode: "start", env: { COINOP_MAIL_OUTBOX: "1" }, appUrl: "https://pay.example" });
    const made = started.env.COINOP_MAIL_OUTBOX_TOKEN!;
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const text = started.lines.join("\n");
    expect(text).toContain(`https://pay.example/dev/mail?token=${made}`);
    expect(text).toMatch(/WARNING/);
    expect(text).toMatch(/password-reset and sign-up links/);
    expect(text).toMatch(/take over/);
    expect(text).toMatch(/SMTP_URL/);
    // a second start makes another token; a configured one is used as it is
    expect(atStart({ mode: "start", env: { COINOP_MAIL_OUTBOX: "1" }, appUrl: "https://pay.example" }).env.COINOP_MAIL_OUTBOX_TOKEN).not.toBe(made);
    const configured = atStart({ mode: "start", env: { COINOP_MAIL_OUTBOX: "1", COINOP_MAIL_OUTBOX_TOKEN: "x".repeat(40) }, appUrl: "http://localhost:3000" });
    expect(configured.env).toEqual({ COINOP_MAIL_OUTBOX_TOKEN: "x".repeat(40) });
    expect(configured.lines.join("\n")).toContain(`http://localhost:3000/dev/mail?token=${"x".repeat(40)}`);
    // no outbox in production, or development (no token, nothing to warn about here): nothing printed, nothing passed
    expect(atStart({ mode: "start", env: {}, appUrl: "http://localhost:3000" })).toEqual({ env: {}, lines: [] });
    expect(atStart({ mode: "dev", env: { COINOP_MAIL_OUTBOX: "1" }, appUrl: "http://localhost:3000" })).toEqual({ env: {}, lines: [] });
  });
});

describe("the mail outbox in development and tests", () => {
  it("works without a token", async () => {
    const { to, link, id } = await resetMail();
    for (const mode of ["development", "test"]) {
      env.NODE_ENV = mode;
      const shown = await list({ to });
      expect(shown).toContain("Set a new password");
      expect(shown).toContain(`href="/dev/mail/${id}"`);
      expect(await one(id, {})).toContain(`<a href="${link}"`);
    }
  });
});
