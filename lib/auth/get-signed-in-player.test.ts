// getSignedInSessionOfCookies (the portal pages' reading of the session cookie) gives the same answer as
// getSignedInSession (next-auth's getServerSession), over a real sign-in through next-auth's endpoints: the
// player, the sign-in's id and the account's language setting; nobody for a cookie that is missing, forged or
// from before a password change.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/lib/db/client";
import { makePlayer, uniqueIp } from "@/tests/support/players";
import { inRequest, serveAuth } from "@/tests/support/serve-auth";
import { getSignedInSession, getSignedInSessionOfCookies } from "./get-signed-in-player";
import { hashPassword } from "./password-hash";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

let server: Awaited<ReturnType<typeof serveAuth>>;
beforeAll(async () => {
  server = await serveAuth(authRoute as never);
});
afterAll(() => server.close());

const signedIn = async () => {
  const player = await makePlayer({ name: "Ada" });
  const browser = server.browser({ ip: uniqueIp() });
  expect(await browser.signIn({ email: player.email, password: "password-123" })).toMatchObject({ signedIn: true });
  const cookies = [...browser.cookies].map(([name, value]) => ({ name, value }));
  return { player, browser, cookies };
};

describe("getSignedInSessionOfCookies", () => {
  it("answers as getSignedInSession does, with the account's language setting, again and again", async () => {
    const { player, browser, cookies } = await signedIn();
    const viaNextAuth = await inRequest(browser.headers(), () => getSignedInSession());
    expect(viaNextAuth).toMatchObject({ player: { playerId: player.id, email: player.email, name: "Ada" } });
    expect(viaNextAuth!.sessionId).toMatch(/^[0-9a-f]{32}$/);
    const first = await getSignedInSessionOfCookies(cookies);
    expect(first).toEqual({ ...viaNextAuth, locale: null });
    await getDb().player.update({ where: { id: player.id }, data: { locale: "fr" } });
    // the second reading (the decrypted cookie kept) reads the account again
    expect(await getSignedInSessionOfCookies(cookies)).toEqual({ ...viaNextAuth, locale: "fr" });
  });

  it("signs nobody in without the cookie, with a forged or altered one, or after the password changed", async () => {
    const { player, cookies } = await signedIn();
    expect(await getSignedInSessionOfCookies([])).toBeNull();
    const session = cookies.find((c) => c.name.endsWith("next-auth.session-token"))!;
    expect(await getSignedInSessionOfCookies([{ name: session.name, value: "not-a-token" }])).toBeNull();
    const altered = `${session.value.slice(0, -4)}${session.value.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await getSignedInSessionOfCookies([{ name: session.name, value: altered }])).toBeNull();
    expect(await getSignedInSessionOfCookies(cookies)).not.toBeNull();
    await getDb().player.update({ where: { id: player.id }, data: { passwordHash: await hashPassword("another-password-456") } });
    expect(await getSignedInSessionOfCookies(cookies)).toBeNull();
  });
});
