import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { authOptions, authorizePlayer, PLAYER_CREDENTIALS } from "./auth-options";

const uniqueEmail = () => `a-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("player credentials provider", () => {
  it("signs up, then signs in, returning the player as the next-auth user", async () => {
    const email = uniqueEmail();
    const created = await authorizePlayer({ email, password: "password-123", name: "Bo", mode: "signup" });
    const row = await getDb().player.findUniqueOrThrow({ where: { email } });
    expect(created).toEqual({ id: row.id, email, name: "Bo" });
    expect(await authorizePlayer({ email, password: "password-123", name: "", mode: "signin" })).toEqual({ id: row.id, email, name: "Bo" });
  });

  it("passes the readable error to the form as the thrown message", async () => {
    const email = uniqueEmail();
    await expect(authorizePlayer({ email, password: "short", name: "", mode: "signup" })).rejects.toThrow("Password must be at least 8 characters.");
    await expect(authorizePlayer({ email, password: "password-123", name: "", mode: "signin" })).rejects.toThrow("Wrong email or password.");
    await authorizePlayer({ email, password: "password-123", name: "", mode: "signup" });
    await expect(authorizePlayer({ email, password: "password-456", name: "", mode: "signup" })).rejects.toThrow(/already exists/);
  });

  it("uses JWT sessions with a secret, and puts the player id on the session", async () => {
    expect(authOptions.session?.strategy).toBe("jwt");
    // next-auth merges the options over the provider defaults at run time: the id the forms use
    expect(authOptions.providers.map((p) => (p as { options?: { id?: string } }).options?.id ?? p.id)).toEqual([PLAYER_CREDENTIALS]);
    expect(authOptions.secret).toBe(process.env.NEXTAUTH_SECRET);
    expect(authOptions.secret!.length).toBeGreaterThanOrEqual(32);
    expect(process.env.NEXTAUTH_URL).toBe("http://localhost:3000");
    // the cookie round-trips with that secret, and the session callback exposes the player id
    const token = await encode({ token: { sub: "player-1", email: "x@example.com" }, secret: authOptions.secret! });
    const decoded = await decode({ token, secret: authOptions.secret! });
    expect(decoded?.sub).toBe("player-1");
    expect(await decode({ token, secret: "another-secret-another-secret-xx" }).catch(() => null)).toBeNull();
    const session = await authOptions.callbacks!.session!({ session: { expires: "x" }, token: decoded!, user: undefined as never, newSession: undefined, trigger: "update" });
    expect(session).toMatchObject({ playerId: "player-1" });
  });
});
