import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { checkPasswordHash } from "./password-hash";
import { requestPasswordReset } from "./request-password-reset";
import { requestSignUp } from "./request-sign-up";
import { resetPassword } from "./reset-password";
import { verifyEmail } from "./verify-email";
import { verifyPlayerPassword } from "./verify-player-password";

const gone = { code: "EMAIL_LINK_INVALID", status: 410 };

const resetLink = async (email: string, now?: Date) => {
  await requestPasswordReset({ db: getDb() }, { email, ip: uniqueIp(), now });
  const mails = await mailsTo(email);
  return linkTokenIn(mails[mails.length - 1]!.text, "reset");
};

describe("resetPassword", () => {
  it("sets the new password (argon2), verifies the email, and the old password stops working", async () => {
    const player = await makePlayer({ password: "old-password" });
    await getDb().player.update({ where: { id: player.id }, data: { emailVerifiedAt: null } });
    const token = await resetLink(player.email);
    const after = await resetPassword({ db: getDb() }, { token, password: "new-password" });
    expect(after).toMatchObject({ id: player.id, emailVerifiedAt: expect.any(Date) });
    expect(await checkPasswordHash(after.passwordHash, "new-password")).toBe(true);
    const ip = uniqueIp();
    await expect(verifyPlayerPassword({ db: getDb() }, { email: player.email, password: "old-password", ip })).rejects.toMatchObject({
      code: "WRONG_CREDENTIALS",
    });
    expect((await verifyPlayerPassword({ db: getDb() }, { email: player.email, password: "new-password", ip })).id).toBe(player.id);
    await expect(resetPassword({ db: getDb() }, { token, password: "third-password" })).rejects.toMatchObject(gone);
  });

  it("lets a guest set a first password", async () => {
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    const after = await resetPassword({ db: getDb() }, { token: await resetLink(guest.email), password: "first-password" });
    expect(after.id).toBe(guest.id);
    expect(await checkPasswordHash(after.passwordHash, "first-password")).toBe(true);
  });

  it("kills every older link of the email: earlier resets and a sign-up someone else started", async () => {
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    await requestSignUp({ db: getDb() }, { email: guest.email, password: "attacker-password", ip: uniqueIp() });
    const attackerLink = linkTokenIn((await mailsTo(guest.email))[0]!.text, "verify");
    const older = await resetLink(guest.email);
    const newer = await resetLink(guest.email);
    await resetPassword({ db: getDb() }, { token: newer, password: "owner-password" });
    await expect(resetPassword({ db: getDb() }, { token: older, password: "other-password" })).rejects.toMatchObject(gone);
    await expect(verifyEmail({ db: getDb() }, { token: attackerLink, password: "attacker-password", ip: uniqueIp() })).rejects.toMatchObject(gone);
  });

  it("a bad new password is a 400 and leaves the link usable; expired and unknown links are refused", async () => {
    const player = await makePlayer();
    const t0 = new Date();
    const token = await resetLink(player.email, t0);
    await expect(resetPassword({ db: getDb() }, { token, password: "short", now: t0 })).rejects.toMatchObject({
      status: 400,
      details: [{ field: "password", message: "too short" }],
    });
    await expect(resetPassword({ db: getDb() }, { token, password: "long-enough", now: new Date(t0.getTime() + 61 * 60_000) })).rejects.toMatchObject(gone);
    await expect(resetPassword({ db: getDb() }, { token: "not-a-token", password: "long-enough" })).rejects.toMatchObject(gone);
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(player.passwordHash);
    await expect(resetPassword({ db: getDb() }, { token, password: "long-enough", now: t0 })).resolves.toMatchObject({ id: player.id });
  });

  it("clears the email's failed sign-ins, and of two racing uses of one link exactly one wins", async () => {
    const player = await makePlayer({ password: "old-password" });
    for (let i = 0; i < 5; i++)
      await expect(verifyPlayerPassword({ db: getDb() }, { email: player.email, password: "x", ip: uniqueIp() })).rejects.toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    const token = await resetLink(player.email);
    const results = await Promise.allSettled(["password-a", "password-b"].map((password) => resetPassword({ db: getDb() }, { token, password })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const won = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ passwordHash: string | null }>).value;
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(won.passwordHash);
    const password = (await checkPasswordHash(won.passwordHash, "password-a")) ? "password-a" : "password-b";
    expect((await verifyPlayerPassword({ db: getDb() }, { email: player.email, password, ip: uniqueIp() })).id).toBe(player.id);
  });
});
