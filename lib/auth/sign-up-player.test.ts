import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { linkUser, makeGame } from "@/tests/support/fixtures";
import { signUpPlayer } from "./sign-up-player";

const uniqueEmail = () => `p-${Math.random().toString(36).slice(2, 10)}@example.com`;

const errorOf = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
};

describe("signUpPlayer", () => {
  it("creates a player with a bcrypt hash of the password and a normalized email", async () => {
    const email = uniqueEmail();
    const player = await signUpPlayer(getDb(), { email: `  ${email.toUpperCase()} `, password: "correct horse", name: " Ada " });
    expect(player).toMatchObject({ email, name: "Ada" });
    const row = await getDb().player.findUniqueOrThrow({ where: { id: player.id } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare("correct horse", row.passwordHash!)).toBe(true);
    expect(await bcrypt.compare("wrong horse", row.passwordHash!)).toBe(false);
  });

  it("claims a guest account (no password): same player, its links kept", async () => {
    const email = uniqueEmail();
    const { game } = await makeGame();
    const userRef = await linkUser(game.id, { email });
    const guest = await findOrCreatePlayer(getDb(), { email });
    expect(guest.passwordHash).toBeNull();

    const player = await signUpPlayer(getDb(), { email, password: "a-new-password" });
    expect(player.id).toBe(guest.id);
    expect(player.passwordHash).not.toBeNull();
    const link = await getDb().playerLink.findUniqueOrThrow({ where: { userRef } });
    expect(link.playerId).toBe(guest.id);
    expect(await getDb().player.count({ where: { email } })).toBe(1);
  });

  it("refuses an email that already has a password, and keeps that password", async () => {
    const email = uniqueEmail();
    const first = await signUpPlayer(getDb(), { email, password: "first-password" });
    const err = await errorOf(signUpPlayer(getDb(), { email, password: "second-password" }));
    expect(err).toMatchObject({ code: "EMAIL_TAKEN", status: 409 });
    expect(err.message).toMatch(/sign in/);
    const row = await getDb().player.findUniqueOrThrow({ where: { id: first.id } });
    expect(await bcrypt.compare("first-password", row.passwordHash!)).toBe(true);
  });

  it("lets exactly one of two concurrent sign-ups of one email win", async () => {
    const email = uniqueEmail();
    const results = await Promise.allSettled([
      signUpPlayer(getDb(), { email, password: "password-one" }),
      signUpPlayer(getDb(), { email, password: "password-two" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "EMAIL_TAKEN" });
    const winner = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ passwordHash: string | null }>).value;
    const row = await getDb().player.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash).toBe(winner.passwordHash);
  });

  it("says what to fix for a short password, a bad email or a long name, and creates nothing", async () => {
    const email = uniqueEmail();
    const short = await errorOf(signUpPlayer(getDb(), { email, password: "1234567" }));
    expect(short).toMatchObject({ code: "VALIDATION_ERROR", status: 400, message: "Password must be at least 8 characters.", details: [{ field: "password", message: "too short" }] });
    const long = await errorOf(signUpPlayer(getDb(), { email, password: "x".repeat(73) }));
    expect(long.details).toEqual([{ field: "password", message: "too long" }]);
    const bad = await errorOf(signUpPlayer(getDb(), { email: "not-an-email", password: "long enough" }));
    expect(bad).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "email", message: "invalid" }] });
    const empty = await errorOf(signUpPlayer(getDb(), { email: " ", password: "long enough" }));
    expect(empty.message).toBe("Enter your email address.");
    const name = await errorOf(signUpPlayer(getDb(), { email, password: "long enough", name: "n".repeat(81) }));
    expect(name.details).toEqual([{ field: "name", message: "too long" }]);
    expect(await getDb().player.count({ where: { email } })).toBe(0);
  });
});
