import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { tokenHashOf } from "./issue-email-token";
import { requestPasswordReset } from "./request-password-reset";

const reset = (email: string, over: Record<string, unknown> = {}) =>
  requestPasswordReset({ db: getDb() }, { email, returnTo: "/checkout/g/1?sig=a", ip: uniqueIp(), ...over });

describe("requestPasswordReset", () => {
  it("an account (with a password, or a guest without one) gets a reset link; no account gets a mail saying so; the answer is the same", async () => {
    const player = await makePlayer();
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    const nobody = uniquePlayerEmail();
    expect(await reset(player.email)).toEqual({ email: player.email });
    expect(await reset(guest.email)).toEqual({ email: guest.email });
    expect(await reset(nobody)).toEqual({ email: nobody });

    for (const email of [player.email, guest.email]) {
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe("Set a new password");
      const row = await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(linkTokenIn(mail!.text, "reset")) } });
      expect(row).toMatchObject({ purpose: "reset_password", email, returnTo: "/checkout/g/1?sig=a", usedAt: null, passwordHash: null });
    }
    const [none, ...more] = await mailsTo(nobody);
    expect(more).toEqual([]);
    expect(none!.subject).toBe("No account with this email");
    expect(none!.text).not.toMatch(/\/account\//);
    expect(await getDb().emailToken.count({ where: { email: nobody } })).toBe(0);
    expect(await getDb().player.count({ where: { email: nobody } })).toBe(0);
    // nothing changed on the accounts
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(player.passwordHash);
  });

  it("shares the mail limit with sign-up: 20 requests an hour from one address, then 429", async () => {
    const ip = uniqueIp();
    const now = new Date();
    for (let i = 0; i < 20; i++) await reset(uniquePlayerEmail(), { ip, now });
    await expect(reset(uniquePlayerEmail(), { ip, now })).rejects.toMatchObject({
      code: "TOO_MANY_EMAIL_REQUESTS",
      status: 429,
      message: "Too many emails were requested from your network. Try again in 60 minutes.",
    });
  });
});
