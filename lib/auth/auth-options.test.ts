import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { authOptions, authorizePlayer, PLAYER_CREDENTIALS } from "./auth-options";
import { ensureAuthEnv } from "./auth-secret";
import { passwordStampOf } from "./password-hash";
import { requestPasswordReset } from "./request-password-reset";
import { requestSignUp } from "./request-sign-up";

const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

describe("player credentials provider", () => {
  it("signs in with a password, returning the player and the stamp of their password", async () => {
    const player = await makePlayer({ password: "password-123", name: "Bo" });
    const user = await authorizePlayer({ email: player.email, password: "password-123", mode: "signin" }, from(uniqueIp()));
    expect(user).toEqual({ id: player.id, email: player.email, name: "Bo", stamp: passwordStampOf(player.passwordHash!, ensureAuthEnv()) });
  });

  it("has no sign-up mode: 'signup' is a sign-in like any other and creates nothing", async () => {
    const email = uniquePlayerEmail();
    await expect(authorizePlayer({ email, password: "password-123", mode: "signup" } as never, from(uniqueIp()))).rejects.toThrow("Wrong email or password.");
    expect(await getDb().player.findUnique({ where: { email } })).toBeNull();
  });

  it("signs in from a mailed sign-up link with the password chosen, and from a reset link with a new password", async () => {
    const email = uniquePlayerEmail();
    await requestSignUp({ db: getDb() }, { email, password: "chosen-password", ip: uniqueIp() });
    const verify = linkTokenIn((await mailsTo(email))[0]!.text, "verify");
    await expect(authorizePlayer({ token: verify, password: "not-it-at-all", mode: "verify" }, from(uniqueIp()))).rejects.toThrow(
      /^That is not the password you chose/,
    );
    const user = await authorizePlayer({ token: verify, password: "chosen-password", mode: "verify" }, from(uniqueIp()));
    expect(user.email).toBe(email);

    await requestPasswordReset({ db: getDb() }, { email, ip: uniqueIp() });
    const reset = linkTokenIn((await mailsTo(email)).at(-1)!.text, "reset");
    await expect(authorizePlayer({ token: reset, password: "short", mode: "reset" }, from(uniqueIp()))).rejects.toThrow(
      "Password must be at least 8 characters.",
    );
    const again = await authorizePlayer({ token: reset, password: "brand-new-password", mode: "reset" }, from(uniqueIp()));
    expect(again.id).toBe(user.id);
    expect(again.stamp).not.toBe(user.stamp);
    await expect(authorizePlayer({ token: reset, password: "brand-new-password", mode: "reset" }, from(uniqueIp()))).rejects.toThrow(
      /expired or was already used/,
    );
  });

  it("counts failures against the client address from X-Forwarded-For", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      await expect(authorizePlayer({ email: uniquePlayerEmail(), password: "guess-guess", mode: "signin" }, from(ip))).rejects.toThrow(
        "Wrong email or password.",
      );
    await expect(authorizePlayer({ email: uniquePlayerEmail(), password: "guess-guess", mode: "signin" }, from(ip))).rejects.toThrow(
      "Too many failed sign-ins from your network. Try again in 15 minutes.",
    );
    await expect(authorizePlayer({ email: uniquePlayerEmail(), password: "guess-guess", mode: "signin" }, from(uniqueIp()))).rejects.toThrow(
      "Wrong email or password.",
    );
  });

  it("uses JWT sessions with a secret, and puts the player id and the password stamp on the session", async () => {
    expect(authOptions.session?.strategy).toBe("jwt");
    // next-auth merges the options over the provider defaults at run time: the id the forms use
    expect(authOptions.providers.map((p) => (p as { options?: { id?: string } }).options?.id ?? p.id)).toEqual([PLAYER_CREDENTIALS]);
    expect(authOptions.secret).toBe(process.env.NEXTAUTH_SECRET);
    expect(authOptions.secret!.length).toBeGreaterThanOrEqual(32);
    expect(process.env.NEXTAUTH_URL).toBe("http://localhost:3000");
    const jwt = await authOptions.callbacks!.jwt!({ token: { sub: "player-1" }, user: { id: "player-1", stamp: "stamp-1" } as never, account: null });
    expect(jwt).toMatchObject({ sub: "player-1", stamp: "stamp-1", sid: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // the sign-in's id is made at sign-in and kept while the cookie is refreshed (no user then)
    expect(await authOptions.callbacks!.jwt!({ token: jwt, user: undefined as never, account: null })).toEqual(jwt);
    // the cookie round-trips with that secret, and the session callback exposes the player id and stamp
    const token = await encode({ token: jwt, secret: authOptions.secret! });
    const decoded = await decode({ token, secret: authOptions.secret! });
    expect(decoded).toMatchObject({ sub: "player-1", stamp: "stamp-1" });
    expect(await decode({ token, secret: "another-secret-another-secret-xx" }).catch(() => null)).toBeNull();
    const session = await authOptions.callbacks!.session!({
      session: { expires: "x" },
      token: decoded!,
      user: undefined as never,
      newSession: undefined,
      trigger: "update",
    });
    expect(session).toMatchObject({ playerId: "player-1", stamp: "stamp-1", sid: jwt.sid });
    // later requests keep the stamp
    expect(await authOptions.callbacks!.jwt!({ token: decoded!, user: undefined as never, account: null })).toMatchObject({ stamp: "stamp-1" });
  });
});
