import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { tokenHashOf } from "./issue-email-token";
import { checkPasswordHash } from "./password-hash";
import { requestSignUp } from "./request-sign-up";

const signUp = (email: string, over: Record<string, unknown> = {}) =>
  requestSignUp({ db: getDb() }, { email, password: "correct horse", name: " Ada ", returnTo: "/link/lks_test_x", ip: uniqueIp(), ...over });

describe("requestSignUp", () => {
  it("a new email: no player, no password; a verify_email token (hashed) holding the argon2 hash, and a mail with its link", async () => {
    const email = uniquePlayerEmail();
    expect(await signUp(`  ${email.toUpperCase()} `)).toEqual({ email });
    expect(await getDb().player.findUnique({ where: { email } })).toBeNull();

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: email, subject: "Confirm your email to finish creating your account" });
    expect(mail!.text).toContain("enter the password you chose");
    expect(mail!.html).toContain("Confirm my email");
    const token = linkTokenIn(mail!.text, "verify");
    expect(mail!.text).toContain(`http://localhost:3000/account/verify/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } });
    expect(row).toMatchObject({ purpose: "verify_email", email, name: "Ada", returnTo: "/link/lks_test_x", usedAt: null });
    expect(await getDb().emailToken.count({ where: { tokenHash: token } })).toBe(0); // only the hash is kept
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await checkPasswordHash(row.passwordHash, "correct horse")).toBe(true);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(60);
  });

  it("a guest (no password, made by checkout or a grant): the same verification mail, and the guest is untouched", async () => {
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    expect(await signUp(guest.email)).toEqual({ email: guest.email });
    expect(await getDb().player.findUniqueOrThrow({ where: { id: guest.id } })).toEqual(guest);
    const [mail] = await mailsTo(guest.email);
    expect(mail!.subject).toBe("Confirm your email to finish creating your account");
  });

  it("an email with a password: the same answer; the mail says so and carries a reset link; the password is unchanged", async () => {
    const player = await makePlayer({ password: "first-password" });
    expect(await signUp(player.email, { password: "second-password" })).toEqual({ email: player.email });
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(player.passwordHash);
    const [mail] = await mailsTo(player.email);
    expect(mail!.subject).toBe("You already have an account");
    expect(mail!.text).toContain("you already have one");
    const token = linkTokenIn(mail!.text, "reset");
    const row = await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } });
    expect(row).toMatchObject({ purpose: "reset_password", email: player.email, passwordHash: null, returnTo: "/link/lks_test_x" });
  });

  it("drops a returnTo that leaves the site", async () => {
    const email = uniquePlayerEmail();
    await signUp(email, { returnTo: "//evil.example/phish" });
    const token = linkTokenIn((await mailsTo(email))[0]!.text, "verify");
    expect((await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } })).returnTo).toBeNull();
  });

  it("says what to fix for a short password, a bad email or a long name, and sends nothing", async () => {
    const email = uniquePlayerEmail();
    await expect(signUp(email, { password: "1234567" })).rejects.toMatchObject({
      status: 400,
      message: "Password must be at least 8 characters.",
      details: [{ field: "password", message: "too short" }],
    });
    await expect(signUp("not-an-email")).rejects.toMatchObject({ details: [{ field: "email", message: "invalid" }] });
    await expect(signUp(email, { name: "n".repeat(81) })).rejects.toMatchObject({ details: [{ field: "name", message: "too long" }] });
    expect(await mailsTo(email)).toEqual([]);
    expect(await getDb().emailToken.count({ where: { email } })).toBe(0);
  });

  it("five mails an hour per email, then 429 saying when; another email from the same address still works", async () => {
    const email = uniquePlayerEmail();
    const ip = uniqueIp();
    const now = new Date();
    for (let i = 0; i < 5; i++) await signUp(email, { ip, now });
    await expect(signUp(email, { ip, now })).rejects.toMatchObject({
      code: "TOO_MANY_EMAIL_REQUESTS",
      status: 429,
      message: "Too many emails were requested for this address. Try again in 60 minutes.",
    });
    expect(await mailsTo(email)).toHaveLength(5);
    await expect(signUp(uniquePlayerEmail(), { ip, now })).resolves.toMatchObject({ email: expect.any(String) });
    await expect(signUp(email, { ip, now: new Date(now.getTime() + 61 * 60_000) })).resolves.toEqual({ email });
  });
});
