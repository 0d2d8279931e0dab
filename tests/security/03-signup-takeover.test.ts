// Finding 3 of issue 9, written as the attack, over real HTTP: a passwordless player exists (a checkout grant
// made it from their email). The attacker "signs up" with that email and their own password, then signs in
// with it, to approve links and pay with the victim's balances; the owner would be locked out.
// Rule (docs/security.md): no password is ever set on an email without proof of the mailbox. Sign-up mails a
// single-use link to the address; only following it, with the password chosen at sign-up, sets a password.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { signUpAction } from "@/app/account/actions";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { POST as createProduct } from "@/app/api/v1/product/route";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { issueEmailToken } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { linkTokenIn, mailsTo, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { inRequest, serveAuth } from "@/tests/support/serve-auth";

// The sign-up action reads the client's address through next/headers: answer it from the request being made.
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

let server: Awaited<ReturnType<typeof serveAuth>>;
beforeAll(async () => {
  server = await serveAuth(authRoute as never);
});
afterAll(() => server.close());

const WRONG = "Wrong email or password.";
const LINK_GONE = "This link has expired or was already used. Ask for a new one from the page you came from.";

/** A game makes a checkout grant for the victim's email: that alone creates the player, with no password. */
const victimFromGrant = async () => {
  const email = uniquePlayerEmail("victim");
  const { headers } = await makeGame();
  const item = await call(createProduct, {
    headers: { ...headers, "idempotency-key": randomBytes(8).toString("hex") },
    body: { name: "Sword", type: "purchase", fulfillmentType: "WEBHOOK", price: 500 },
  });
  expect(item.status, item.text).toBe(201);
  const grant = await call(createGrant, { headers: { ...headers, "idempotency-key": randomBytes(8).toString("hex") }, body: { itemId: item.body._id, email } });
  expect(grant.status, grant.text).toBe(201);
  const player = await getDb().player.findUniqueOrThrow({ where: { email } });
  expect(player).toMatchObject({ passwordHash: null, emailVerifiedAt: null });
  return player;
};

/** The sign-up form's server action, as a visitor at `ip` submits it. */
const submitSignUp = (ip: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return inRequest({ "x-forwarded-for": ip }, () => signUpAction(form));
};

describe("sign-up takeover of a passwordless player", () => {
  it("the old attack: the credentials endpoint in sign-up mode sets no password and signs nobody in", async () => {
    const victim = await victimFromGrant();
    const attacker = server.browser({ ip: uniqueIp() });
    const attempt = await attacker.signIn({ mode: "signup", email: victim.email, password: "attacker-password", name: "Mallory" });
    expect(attempt).toMatchObject({ status: 401, error: WRONG, signedIn: false });
    expect(await attacker.session()).toEqual({});
    expect(await getDb().player.findUniqueOrThrow({ where: { id: victim.id } })).toEqual(victim);
  });

  it("signing up with the victim's email sets no password, mails the victim, and the attacker's password signs nothing in", async () => {
    const victim = await victimFromGrant();
    const ip = uniqueIp();
    const answer = await submitSignUp(ip, { email: victim.email, password: "attacker-password", name: "Mallory", returnTo: "/link/lks_test_attacker" });
    expect(answer).toEqual({ ok: true, email: victim.email, outbox: true });
    // nothing changed on the account
    expect(await getDb().player.findUniqueOrThrow({ where: { id: victim.id } })).toEqual(victim);
    // the only mail went to the victim's own address
    const mails = await mailsTo(victim.email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your email to finish creating your account"]);
    expect(await getDb().mailMessage.count({ where: { text: { contains: linkTokenIn(mails[0]!.text, "verify") } } })).toBe(1);

    const attacker = server.browser({ ip });
    expect(await attacker.signIn({ mode: "signin", email: victim.email, password: "attacker-password" })).toMatchObject({
      status: 401,
      error: WRONG,
      signedIn: false,
    });
    // without the mailed token there is nothing to verify with: a guessed token is refused
    expect(await attacker.signIn({ mode: "verify", token: randomBytes(32).toString("base64url"), password: "attacker-password" })).toMatchObject({
      status: 401,
      error: LINK_GONE,
      signedIn: false,
    });
    expect(await attacker.session()).toEqual({});
  });

  it("the victim opening the attacker's link cannot finish it: it needs the password chosen at sign-up", async () => {
    const victim = await victimFromGrant();
    await submitSignUp(uniqueIp(), { email: victim.email, password: "attacker-password" });
    const token = linkTokenIn((await mailsTo(victim.email))[0]!.text, "verify");
    const owner = server.browser({ ip: uniqueIp() });
    // the owner clicks through, typing what they think is their password: refused, nothing set
    expect(await owner.signIn({ mode: "verify", token, password: "owner-password" })).toMatchObject({
      status: 401,
      signedIn: false,
      error: expect.stringMatching(/^That is not the password you chose/),
    });
    expect((await getDb().player.findUniqueOrThrow({ where: { id: victim.id } })).passwordHash).toBeNull();
  });

  it("the owner signs up, follows the mailed link, and is signed in to the same player; the attacker's pending link dies", async () => {
    const victim = await victimFromGrant();
    await submitSignUp(uniqueIp(), { email: victim.email, password: "attacker-password" });
    const attackerToken = linkTokenIn((await mailsTo(victim.email))[0]!.text, "verify");

    await submitSignUp(uniqueIp(), { email: victim.email, password: "owner-password", returnTo: "/link/lks_test_owner" });
    const ownerToken = linkTokenIn((await mailsTo(victim.email))[1]!.text, "verify");
    const owner = server.browser({ ip: uniqueIp() });
    expect(await owner.signIn({ mode: "verify", token: ownerToken, password: "owner-password" })).toMatchObject({ status: 200, error: null, signedIn: true });
    expect(await owner.session()).toMatchObject({ playerId: victim.id, user: { email: victim.email } });
    expect(await inRequest(owner.headers(), getSignedInPlayer)).toEqual({ playerId: victim.id, email: victim.email, name: "" });
    const after = await getDb().player.findUniqueOrThrow({ where: { id: victim.id } });
    expect(after).toMatchObject({ emailVerifiedAt: expect.any(Date), passwordHash: expect.stringMatching(/^\$argon2id\$/) });

    // single use; and the attacker's link, had they ever seen it, is dead too
    const attacker = server.browser({ ip: uniqueIp() });
    expect(await attacker.signIn({ mode: "verify", token: ownerToken, password: "owner-password" })).toMatchObject({
      status: 401,
      error: LINK_GONE,
      signedIn: false,
    });
    expect(await attacker.signIn({ mode: "verify", token: attackerToken, password: "attacker-password" })).toMatchObject({
      status: 401,
      error: LINK_GONE,
      signedIn: false,
    });
    expect(await attacker.signIn({ mode: "signin", email: victim.email, password: "attacker-password" })).toMatchObject({ status: 401, error: WRONG });
    expect(await owner.signIn({ mode: "signin", email: victim.email, password: "owner-password" })).toMatchObject({ status: 200, signedIn: true });
  });

  it("an expired link is refused, and a reset link cannot stand in for a sign-up link", async () => {
    const victim = await victimFromGrant();
    const expired = await issueEmailToken(
      { db: getDb() },
      {
        purpose: "verify_email",
        email: victim.email,
        passwordHash: "$argon2id$x",
        now: new Date(Date.now() - 61 * 60_000),
      },
    );
    const reset = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email: victim.email });
    const visitor = server.browser({ ip: uniqueIp() });
    expect(await visitor.signIn({ mode: "verify", token: expired.token, password: "whatever-1" })).toMatchObject({
      status: 401,
      error: LINK_GONE,
      signedIn: false,
    });
    expect(await visitor.signIn({ mode: "verify", token: reset.token, password: "whatever-1" })).toMatchObject({
      status: 401,
      error: LINK_GONE,
      signedIn: false,
    });
    expect((await getDb().player.findUniqueOrThrow({ where: { id: victim.id } })).passwordHash).toBeNull();
  });

  it("a password reset ends every session signed in with the old password", async () => {
    const victim = await victimFromGrant();
    await submitSignUp(uniqueIp(), { email: victim.email, password: "first-password" });
    const first = server.browser({ ip: uniqueIp() });
    await first.signIn({ mode: "verify", token: linkTokenIn((await mailsTo(victim.email))[0]!.text, "verify"), password: "first-password" });
    expect((await inRequest(first.headers(), getSignedInPlayer))?.playerId).toBe(victim.id);

    const reset = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email: victim.email });
    const second = server.browser({ ip: uniqueIp() });
    expect(await second.signIn({ mode: "reset", token: reset.token, password: "second-password" })).toMatchObject({ status: 200, signedIn: true });
    expect((await inRequest(second.headers(), getSignedInPlayer))?.playerId).toBe(victim.id);
    expect(await inRequest(first.headers(), getSignedInPlayer)).toBeNull();
  });
});
