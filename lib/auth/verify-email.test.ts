import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { tokenHashOf } from "./issue-email-token";
import { checkPasswordHash } from "./password-hash";
import { requestSignUp } from "./request-sign-up";
import { verifyEmail } from "./verify-email";

const gone = { code: "EMAIL_LINK_INVALID", status: 410, message: "This link has expired or was already used. Ask for a new one from the page you came from." };

/** Signs up and returns the token from the mail, as the owner of the mailbox reads it. */
const signUp = async (email: string, password = "correct horse", now?: Date) => {
  await requestSignUp({ db: getDb() }, { email, password, name: "Ada", returnTo: "/link/lks_test_x", ip: uniqueIp(), now });
  const mails = await mailsTo(email);
  return linkTokenIn(mails[mails.length - 1]!.text, "verify");
};

describe("verifyEmail", () => {
  it("with the password chosen at sign-up: creates the player, verified, with that password and name; the link is used", async () => {
    const email = uniquePlayerEmail();
    const token = await signUp(email);
    const player = await verifyEmail({ db: getDb() }, { token, password: "correct horse", ip: uniqueIp() });
    expect(player).toMatchObject({ email, name: "Ada", emailVerifiedAt: expect.any(Date) });
    expect(await checkPasswordHash(player.passwordHash, "correct horse")).toBe(true);
    expect((await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } })).usedAt).toEqual(expect.any(Date));
    await expect(verifyEmail({ db: getDb() }, { token, password: "correct horse", ip: uniqueIp() })).rejects.toMatchObject(gone);
  });

  it("claims a guest: same player, its links kept, now with a password", async () => {
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    const token = await signUp(guest.email);
    const player = await verifyEmail({ db: getDb() }, { token, password: "correct horse", ip: uniqueIp() });
    expect(player.id).toBe(guest.id);
    expect(player.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await getDb().player.count({ where: { email: guest.email } })).toBe(1);
  });

  it("a wrong password does not use the link, and counts as a failed sign-in for the email from that address", async () => {
    const email = uniquePlayerEmail();
    const token = await signUp(email);
    const now = new Date();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      await expect(verifyEmail({ db: getDb() }, { token, password: `guess-${i}`, ip, now })).rejects.toMatchObject({
        code: "WRONG_CREDENTIALS",
        status: 401,
        message: expect.stringMatching(/^That is not the password you chose/),
      });
    expect(await getDb().player.findUnique({ where: { email } })).toBeNull();
    // that address now waits a minute (sign-in-throttle.ts: growing delays per email and address)
    await expect(verifyEmail({ db: getDb() }, { token, password: "correct horse", ip, now })).rejects.toMatchObject({
      code: "TOO_MANY_SIGN_IN_ATTEMPTS",
      status: 429,
      message: "Too many failed sign-ins for this email. Try again in 1 minute.",
    });
    const later = new Date(now.getTime() + 60_000 + 1);
    expect((await verifyEmail({ db: getDb() }, { token, password: "correct horse", ip, now: later })).email).toBe(email);
  });

  it("an unknown, expired, reset-purpose or already-used token is refused and changes nothing", async () => {
    const email = uniquePlayerEmail();
    const t0 = new Date();
    const token = await signUp(email, "correct horse", t0);
    await expect(verifyEmail({ db: getDb() }, { token: "nope", password: "correct horse", ip: uniqueIp() })).rejects.toMatchObject(gone);
    await expect(verifyEmail({ db: getDb() }, { token: `${token}x`, password: "correct horse", ip: uniqueIp() })).rejects.toMatchObject(gone);
    await expect(
      verifyEmail({ db: getDb() }, { token, password: "correct horse", ip: uniqueIp(), now: new Date(t0.getTime() + 60 * 60_000 + 1) }),
    ).rejects.toMatchObject(gone);
    expect(await getDb().player.findUnique({ where: { email } })).toBeNull();

    const owner = await makePlayer({ password: "owner-password" });
    await requestSignUp({ db: getDb() }, { email: owner.email, password: "whatever-1", ip: uniqueIp() });
    const resetToken = linkTokenIn((await mailsTo(owner.email))[0]!.text, "reset");
    await expect(verifyEmail({ db: getDb() }, { token: resetToken, password: "whatever-1", ip: uniqueIp() })).rejects.toMatchObject(gone);
  });

  it("of two racing uses of one link exactly one wins; the other sign-up links of the email die", async () => {
    const email = uniquePlayerEmail();
    const first = await signUp(email, "password-one");
    const second = await signUp(email, "password-two");
    const results = await Promise.allSettled([1, 2].map(() => verifyEmail({ db: getDb() }, { token: first, password: "password-one", ip: uniqueIp() })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject(gone);
    await expect(verifyEmail({ db: getDb() }, { token: second, password: "password-two", ip: uniqueIp() })).rejects.toMatchObject(gone);
    const row = await getDb().player.findUniqueOrThrow({ where: { email } });
    expect(await checkPasswordHash(row.passwordHash, "password-one")).toBe(true);
  });

  it("never replaces a password the account got meanwhile (a reset by the owner)", async () => {
    const email = uniquePlayerEmail();
    const token = await signUp(email, "sign-up-password");
    const owner = await makePlayer({ email, password: "owner-password" });
    const player = await verifyEmail({ db: getDb() }, { token, password: "sign-up-password", ip: uniqueIp() });
    expect(player.passwordHash).toBe(owner.passwordHash);
  });
});
