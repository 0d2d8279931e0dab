import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { signUpPlayer } from "./sign-up-player";
import { verifyPlayerPassword } from "./verify-player-password";

const uniqueEmail = () => `v-${Math.random().toString(36).slice(2, 10)}@example.com`;
const wrong = { code: "WRONG_CREDENTIALS", status: 401, message: "Wrong email or password." };

describe("verifyPlayerPassword", () => {
  it("returns the player for the right password, with the email in any case", async () => {
    const email = uniqueEmail();
    const player = await signUpPlayer(getDb(), { email, password: "s3cret-pass" });
    expect((await verifyPlayerPassword(getDb(), { email, password: "s3cret-pass" })).id).toBe(player.id);
    expect((await verifyPlayerPassword(getDb(), { email: ` ${email.toUpperCase()}`, password: "s3cret-pass" })).id).toBe(player.id);
  });

  it("gives the same answer for a wrong password, an unknown email and a guest account", async () => {
    const email = uniqueEmail();
    await signUpPlayer(getDb(), { email, password: "s3cret-pass" });
    await expect(verifyPlayerPassword(getDb(), { email, password: "S3cret-pass" })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword(getDb(), { email: uniqueEmail(), password: "s3cret-pass" })).rejects.toMatchObject(wrong);
    const guest = uniqueEmail();
    await findOrCreatePlayer(getDb(), { email: guest });
    await expect(verifyPlayerPassword(getDb(), { email: guest, password: "" })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword(getDb(), { email: "", password: "anything" })).rejects.toMatchObject(wrong);
  });
});

describe("sign-in throttle", () => {
  const locked = { code: "TOO_MANY_SIGN_IN_ATTEMPTS", status: 429 };

  it("five failures lock the email for 15 minutes, even for the right password; then it works again", async () => {
    const email = uniqueEmail();
    await signUpPlayer(getDb(), { email, password: "s3cret-pass" });
    const t0 = new Date();
    for (let i = 0; i < 5; i++) await expect(verifyPlayerPassword(getDb(), { email, password: `wrong-${i}`, now: t0 })).rejects.toMatchObject(wrong);
    await expect(verifyPlayerPassword(getDb(), { email, password: "s3cret-pass", now: t0 })).rejects.toMatchObject({ ...locked, message: "Too many failed sign-ins for this email. Try again in 15 minutes." });
    const later = new Date(t0.getTime() + 15 * 60_000 + 1);
    expect((await verifyPlayerPassword(getDb(), { email, password: "s3cret-pass", now: later })).email).toBe(email);
    // success cleared the count: four more failures do not lock
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword(getDb(), { email, password: "nope", now: later })).rejects.toMatchObject(wrong);
    expect((await verifyPlayerPassword(getDb(), { email, password: "s3cret-pass", now: later })).email).toBe(email);
  });

  it("failures older than the 15-minute window start a new count", async () => {
    const email = uniqueEmail();
    await signUpPlayer(getDb(), { email, password: "s3cret-pass" });
    const t0 = new Date();
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword(getDb(), { email, password: "nope", now: t0 })).rejects.toMatchObject(wrong);
    const t1 = new Date(t0.getTime() + 16 * 60_000);
    for (let i = 0; i < 4; i++) await expect(verifyPlayerPassword(getDb(), { email, password: "nope", now: t1 })).rejects.toMatchObject(wrong);
    expect((await verifyPlayerPassword(getDb(), { email, password: "s3cret-pass", now: t1 })).email).toBe(email);
  });

  it("unknown emails lock the same way (a lockout reveals nothing), and parallel guesses cannot pass the limit", async () => {
    const ghost = uniqueEmail();
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => verifyPlayerPassword(getDb(), { email: ghost, password: "guess", now })));
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as { code: string }).code : "ok"));
    expect(codes.filter((c) => c === "WRONG_CREDENTIALS")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_SIGN_IN_ATTEMPTS")).toHaveLength(7);
  });
});
