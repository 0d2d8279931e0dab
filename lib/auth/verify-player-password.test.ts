import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { verifyPlayerPassword } from "./verify-player-password";

const wrong = { code: "WRONG_CREDENTIALS", status: 401, message: "Wrong email or password." };
const locked = { code: "TOO_MANY_SIGN_IN_ATTEMPTS", status: 429 };

describe("verifyPlayerPassword", () => {
  it("returns the player for the right password, with the email in any case", async () => {
    const player = await makePlayer({ password: "s3cret-pass" });
    const ip = uniqueIp();
    expect((await verifyPlayerPassword({ db: getDb() }, { email: player.email, password: "s3cret-pass", ip })).id).toBe(player.id);
    expect((await verifyPlayerPassword({ db: getDb() }, { email: ` ${player.email.toUpperCase()}`, password: "s3cret-pass", ip })).id).toBe(player.id);
  });

  it("gives the same answer for a wrong password, an unknown email, a guest account and a bad email", async () => {
    const { email } = await makePlayer({ password: "s3cret-pass" });
    const ip = uniqueIp();
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "S3cret-pass", ip })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword({ db: getDb() }, { email: uniquePlayerEmail(), password: "s3cret-pass", ip })).rejects.toMatchObject(wrong);
    const guest = await findOrCreatePlayer({ db: getDb() }, { email: uniquePlayerEmail() });
    await expect(verifyPlayerPassword({ db: getDb() }, { email: guest.email, password: "", ip })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword({ db: getDb() }, { email: "", password: "anything", ip })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword({ db: getDb() }, { email: "x".repeat(100_000), password: "anything", ip })).rejects.toMatchObject(wrong);
  });

  it("verifies a bcrypt hash from before argon2 and replaces it with an argon2 one on success", async () => {
    const email = uniquePlayerEmail();
    const legacy = bcrypt.hashSync("old-password", 10);
    const player = await getDb().player.create({ data: { id: newId(), email, passwordHash: legacy } });
    const ip = uniqueIp();
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "wrong-password", ip })).rejects.toMatchObject(wrong);
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(legacy);
    const signedIn = await verifyPlayerPassword({ db: getDb() }, { email, password: "old-password", ip });
    expect(signedIn.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await getDb().player.findUniqueOrThrow({ where: { id: player.id } })).passwordHash).toBe(signedIn.passwordHash);
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "old-password", ip })).id).toBe(player.id);
  });
});

describe("sign-in throttle", () => {
  it("five failures from one address make that address wait for that email (1 minute, then longer); another address signs in at once; success clears the count", async () => {
    const { email } = await makePlayer({ password: "s3cret-pass" });
    const t0 = new Date();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      await expect(verifyPlayerPassword({ db: getDb() }, { email, password: `wrong-${i}`, ip, now: t0 })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: t0 })).rejects.toMatchObject({
      ...locked,
      message: "Too many failed sign-ins for this email. Try again in 1 minute.",
    });
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip: uniqueIp(), now: t0 })).email).toBe(email);
    const t1 = new Date(t0.getTime() + 60_000 + 1);
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "nope", ip, now: t1 })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: t1 })).rejects.toMatchObject({
      ...locked,
      message: "Too many failed sign-ins for this email. Try again in 2 minutes.",
    });
    const t2 = new Date(t1.getTime() + 2 * 60_000 + 1);
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: t2 })).email).toBe(email);
    // success cleared this address's count: four more failures do not hold it
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "nope", ip, now: t2 })).rejects.toMatchObject(wrong);
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: t2 })).email).toBe(email);
  });

  it("an hour without a failure starts a new count", async () => {
    const { email } = await makePlayer({ password: "s3cret-pass" });
    const ip = uniqueIp();
    const t0 = new Date();
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "nope", ip, now: t0 })).rejects.toMatchObject(wrong);
    const t1 = new Date(t0.getTime() + 61 * 60_000);
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "nope", ip, now: t1 })).rejects.toMatchObject(wrong);
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: t1 })).email).toBe(email);
  });

  it("twenty failures from one address, across twenty emails, lock that address (and only it) for 15 minutes", async () => {
    const ip = uniqueIp();
    const now = new Date();
    for (let i = 0; i < 20; i++)
      await expect(verifyPlayerPassword({ db: getDb() }, { email: uniquePlayerEmail(), password: "guess", ip, now })).rejects.toMatchObject(wrong);
    const { email } = await makePlayer({ password: "s3cret-pass" });
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now })).rejects.toMatchObject({
      ...locked,
      message: "Too many failed sign-ins from your network. Try again in 15 minutes.",
    });
    expect((await verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip: uniqueIp(), now })).email).toBe(email);
    const soon = new Date(now.getTime() + 14 * 60_000);
    await expect(verifyPlayerPassword({ db: getDb() }, { email, password: "s3cret-pass", ip, now: soon })).rejects.toMatchObject({
      message: "Too many failed sign-ins from your network. Try again in 1 minute.",
    });
  });

  it("unknown emails are held the same way (a refusal reveals nothing), and parallel guesses cannot pass the limit", async () => {
    const ghost = uniquePlayerEmail();
    const now = new Date();
    const ip = uniqueIp();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => verifyPlayerPassword({ db: getDb() }, { email: ghost, password: "guess", ip, now })),
    );
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as { code: string }).code : "ok"));
    expect(codes.filter((c) => c === "WRONG_CREDENTIALS")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_SIGN_IN_ATTEMPTS")).toHaveLength(7);
  });
});
