// Finding 7 of issue 26, written as the attack: five wrong passwords for someone else's email locked that email
// for 15 minutes, for everyone, the owner's right password included: a stranger with a free test account could keep
// any player (or the seed's developer) out of checkout, link approval and the portal by guessing five times every
// quarter hour. Rule (docs/decisions/security.md): failures are throttled per (account, client address) with
// growing delays, so a stranger's guesses slow the stranger, not the owner; a ceiling per account over every
// address (100 failures an hour) stops only a distributed brute force; the per-address limit (20 across emails)
// stays. Unknown emails are throttled exactly like known ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { verifyPlayerPassword } from "@/lib/auth/verify-player-password";
import { getDb } from "@/lib/db/client";
import { makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { serveAuth } from "@/tests/support/serve-auth";

let server: Awaited<ReturnType<typeof serveAuth>>;
beforeAll(async () => {
  server = await serveAuth(authRoute as never);
});
afterAll(() => server.close());

const WRONG = "Wrong email or password.";
const MINUTE = 60_000;
const slowed = (minutes: number) => `Too many failed sign-ins for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
const attempt = (email: string, password: string, ip: string, now: Date) =>
  verifyPlayerPassword({ db: getDb() }, { email, password, ip, now }).then(
    (p) => ({ ok: p.email }),
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );

describe("a stranger guessing an owner's password", () => {
  it("slows the stranger's client only: after its 5th failure it waits, and the owner signs in at once from another client", async () => {
    const owner = await makePlayer({ password: "owner-password" });
    const stranger = server.browser({ ip: uniqueIp() });
    for (let i = 0; i < 5; i++)
      expect(await stranger.signIn({ mode: "signin", email: owner.email, password: `guess-${i}` })).toEqual({
        status: 401,
        error: WRONG,
        retryAfter: null,
        signedIn: false,
      });
    // the stranger's 6th attempt waits a minute, whatever the password
    const refused = await stranger.signIn({ mode: "signin", email: owner.email, password: "owner-password" });
    expect(refused).toMatchObject({ status: 429, error: slowed(1), signedIn: false });
    expect(Number(refused.retryAfter)).toBeGreaterThan(50);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // the owner, from their own client, right away
    const own = server.browser({ ip: uniqueIp() });
    expect(await own.signIn({ mode: "signin", email: owner.email, password: "owner-password" })).toEqual({
      status: 200,
      error: null,
      retryAfter: null,
      signedIn: true,
    });
    expect((await own.session()).playerId).toBe(owner.id);
    // the owner's success does not excuse the stranger's guesses
    expect(await stranger.signIn({ mode: "signin", email: owner.email, password: "guess-x" })).toMatchObject({ status: 429, error: slowed(1) });
  });

  it("each further failure of the stranger's client doubles its wait: 1, 2, 4, 8 minutes, then 15 minutes each; the owner is never held", async () => {
    const owner = await makePlayer({ password: "owner-password" });
    const strangerIp = uniqueIp();
    let now = new Date(Date.now() + 60 * MINUTE);
    for (let i = 0; i < 4; i++) expect(await attempt(owner.email, `guess-${i}`, strangerIp, now)).toEqual({ code: "WRONG_CREDENTIALS", message: WRONG });
    const waits: number[] = [];
    for (let failure = 5; failure <= 11; failure++) {
      // the failure itself is a plain 401...
      expect(await attempt(owner.email, `guess-${failure}`, strangerIp, now)).toEqual({ code: "WRONG_CREDENTIALS", message: WRONG });
      // ...after which the stranger's client must wait: find how long, to the minute
      const refused = await attempt(owner.email, "owner-password", strangerIp, now);
      expect(refused).toMatchObject({ code: "TOO_MANY_SIGN_IN_ATTEMPTS" });
      const minutes = Number(/in (\d+) minute/.exec((refused as { message: string }).message)![1]);
      waits.push(minutes);
      // one millisecond before the wait ends it still holds; then the next guess is taken
      expect(await attempt(owner.email, "guess", strangerIp, new Date(now.getTime() + minutes * MINUTE - 1))).toMatchObject({
        code: "TOO_MANY_SIGN_IN_ATTEMPTS",
      });
      // meanwhile the owner signs in from their own client
      expect(await attempt(owner.email, "owner-password", uniqueIp(), now)).toEqual({ ok: owner.email });
      now = new Date(now.getTime() + minutes * MINUTE);
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15, 15]);
    // an hour without a failure: the stranger's client starts over (four free guesses)
    now = new Date(now.getTime() + 60 * MINUTE + 1);
    for (let i = 0; i < 4; i++) expect(await attempt(owner.email, `again-${i}`, strangerIp, now)).toEqual({ code: "WRONG_CREDENTIALS", message: WRONG });
    expect(await attempt(owner.email, "owner-password", strangerIp, now)).toEqual({ ok: owner.email });
  });

  it("an unknown email is slowed exactly like a real one (the delays reveal nothing)", async () => {
    const real = await makePlayer({ password: "owner-password" });
    const ghost = uniquePlayerEmail("ghost");
    const now = new Date(Date.now() + 3 * 60 * MINUTE);
    const run = async (email: string) => {
      const ip = uniqueIp();
      const out = [];
      for (let i = 0; i < 7; i++) out.push(await attempt(email, `guess-${i}`, ip, now));
      return out;
    };
    const onReal = await run(real.email);
    expect(await run(ghost)).toEqual(onReal);
    expect(onReal.map((r) => ("code" in r ? r.code : "ok"))).toEqual([
      ...Array(5).fill("WRONG_CREDENTIALS"),
      "TOO_MANY_SIGN_IN_ATTEMPTS",
      "TOO_MANY_SIGN_IN_ATTEMPTS",
    ]);
  });
});

describe("the per-account ceiling", () => {
  it("stops a distributed brute force: 100 failures an hour from 100 addresses lock the account for 15 minutes; 99 do not", async () => {
    const owner = await makePlayer({ password: "owner-password" });
    const now = new Date(Date.now() + 5 * 60 * MINUTE);
    for (let i = 0; i < 99; i++) expect(await attempt(owner.email, `guess-${i}`, uniqueIp(), now)).toEqual({ code: "WRONG_CREDENTIALS", message: WRONG });
    // 99 strangers' guesses: the owner still signs in
    expect(await attempt(owner.email, "owner-password", uniqueIp(), now)).toEqual({ ok: owner.email });
    expect(await attempt(owner.email, "guess-99", uniqueIp(), now)).toEqual({ code: "WRONG_CREDENTIALS", message: WRONG });
    // the 100th: nobody gets in for 15 minutes, the owner included (the price of stopping it)
    expect(await attempt(owner.email, "owner-password", uniqueIp(), now)).toEqual({ code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: slowed(15) });
    expect(await attempt(owner.email, "owner-password", uniqueIp(), new Date(now.getTime() + 15 * MINUTE + 1))).toEqual({ ok: owner.email });
  });
});
