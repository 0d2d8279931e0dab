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
