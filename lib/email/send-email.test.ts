import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sendEmail } from "./send-email";

const unique = () => `m-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("sendEmail", () => {
  it("without SMTP_URL keeps the mail in the outbox (MailMessage) and says it was not sent", async () => {
    const to = unique();
    const result = await sendEmail({ to, subject: "Hello", text: "Open http://localhost:3000/x", html: "<p>Hello</p>" }, { smtpUrl: "" });
    expect(result).toEqual({ sent: false, reason: "no_smtp", outboxId: expect.any(String) });
    const row = await getDb().mailMessage.findUniqueOrThrow({ where: { id: (result as { outboxId: string }).outboxId } });
    expect(row).toMatchObject({ to, subject: "Hello", text: "Open http://localhost:3000/x", html: "<p>Hello</p>" });
  });

  it("with SMTP_URL delivers through SMTP (a real receiver) and stores nothing", async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, cb) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString()));
        stream.on("end", () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const to = unique();
      const port = (server.server.address() as AddressInfo).port;
      const result = await sendEmail({ to, subject: "Over SMTP", text: "body text" }, { smtpUrl: `smtp://127.0.0.1:${port}` });
      expect(result).toEqual({ sent: true, messageId: expect.any(String) });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: "no-reply@coinop.local", to: [to] });
      expect(received[0]!.data).toContain("Subject: Over SMTP");
      expect(await getDb().mailMessage.count({ where: { to } })).toBe(0);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
