// The developer portal's tenants for its tests: a business with a game and one member of each role, a
// stranger (an admin of another business, with its own game), the context a portal service gets for a
// member, the refusals every change owes the roles that only read; and for the tests of pages and server
// actions, members signed in through the real next-auth route, a page rendered as their browser sees it and
// a submitted form. (serve-auth and react-dom/server load only when those are used.)
import type { ReactElement } from "react";
import { afterAll, beforeAll, expect } from "vitest";
import { getDb } from "../../lib/db/client.ts";
import { createGame } from "../../lib/games/create-game.ts";
import type { PortalContext } from "../../lib/portal/require-portal-access.ts";
import { makeBusiness, makeBusinessAdmin } from "./platform.ts";
import type { serveAuth } from "./serve-auth.ts";

/** A member as makeBusinessAdmin makes them: a player with a verified email and the password "password-123". */
export type PortalTestMember = { playerId: string; email: string };

/** What a portal page or action passes a service: the database and the signed-in player (null: nobody). */
export const as = (player: PortalTestMember | null): PortalContext => ({ db: getDb(), player });

/**
 * One member of each portal role of `businessId` (the owner holds no other role) and a stranger: an admin of
 * `otherBusinessId`. Made one after the other, so members pages list them in this order.
 */
export const makePortalMembers = async (businessId: string, otherBusinessId: string) => ({
  owner: await makeBusinessAdmin(businessId, { roles: [], isOwner: true }),
  admin: await makeBusinessAdmin(businessId, { roles: ["admin"] }),
  developer: await makeBusinessAdmin(businessId, { roles: ["developer"] }),
  finance: await makeBusinessAdmin(businessId, { roles: ["finance"] }),
  viewer: await makeBusinessAdmin(businessId, { roles: ["viewer"] }),
  stranger: await makeBusinessAdmin(otherBusinessId, { roles: ["admin"] }),
});

/**
 * A test business with one test game ("Main game") and one member of each role; `other` is another test
 * business with its own game ("Other game"), administered by `stranger`.
 */
export const makePortalTenant = async () => {
  const db = getDb();
  const business = await makeBusiness("test");
  const other = await makeBusiness("test");
  const game = await createGame({ db }, { businessId: business.id, environment: "test", name: "Main game" });
  const otherGame = await createGame({ db }, { businessId: other.id, environment: "test", name: "Other game" });
  return { business, other, game, otherGame, ...(await makePortalMembers(business.id, other.id)) };
};

/**
 * Runs each of `actions` as the tenant's viewer and finance member (403 PORTAL_ROLE_REQUIRED), its stranger
 * (404 BUSINESS_NOT_FOUND) and nobody (401 ADMIN_SIGN_IN_REQUIRED): for a change only the other roles may make.
 */
export const expectRefusedToReaders = async (
  t: { viewer: PortalTestMember; finance: PortalTestMember; stranger: PortalTestMember },
  actions: Record<string, (ctx: PortalContext) => Promise<unknown>>,
) => {
  for (const [name, run] of Object.entries(actions)) {
    await expect(run(as(t.viewer)), `${name} as viewer`).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(run(as(t.finance)), `${name} as finance`).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(run(as(t.stranger)), `${name} as a stranger`).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(run(as(null)), `${name} signed out`).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  }
};

type Auth = Awaited<ReturnType<typeof serveAuth>>;

/** The request headers of `member`'s browser once signed in through the real next-auth route (`auth`). */
export const signedInHeaders = async (auth: Auth, member: PortalTestMember) => {
  const browser = auth.browser();
  expect(await browser.signIn({ mode: "signin", email: member.email, password: "password-123" })).toMatchObject({ signedIn: true });
  return browser.headers();
};

type Headers = Awaited<ReturnType<typeof signedInHeaders>>;

/** The headers of each of `members`, signed in. */
export const signInMembers = async <K extends string>(auth: Auth, members: Record<K, PortalTestMember>): Promise<Record<K, Headers>> => {
  const entries = Object.entries(members) as [K, PortalTestMember][];
  const signedIn = await Promise.all(entries.map(async ([name, m]) => [name, await signedInHeaders(auth, m)] as const));
  return Object.fromEntries(signedIn) as Record<K, Headers>;
};

/**
 * Serves the real next-auth route module (`route`: app/api/auth/[...nextauth]/route) for the calling file's
 * tests: started before them, closed after. `signIn` gives the request headers of a member's browser once
 * signed in (a test file whose server actions read them mocks next/headers with serve-auth's).
 */
export const servePortalAuth = (route: unknown) => {
  let auth: Auth | undefined;
  beforeAll(async () => {
    const { serveAuth } = await import("./serve-auth.ts");
    auth = await serveAuth(route as Parameters<typeof serveAuth>[0]);
  });
  afterAll(() => auth?.close());
  return {
    /** one more visitor with its own cookies (serve-auth's browser) */
    browser: (...args: Parameters<Auth["browser"]>) => auth!.browser(...args),
    signIn: (member: PortalTestMember) => signedInHeaders(auth!, member),
    signInMembers: <K extends string>(members: Record<K, PortalTestMember>) => signInMembers(auth!, members),
  };
};

type PageProps = { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> };

/**
 * A portal page's HTML as the browser with `headers` gets it (`{}`: nobody signed in); a 404 rejects with
 * Next's notFound error (its `digest` names 404).
 */
export const renderPortalPage = async (headers: Record<string, string>, page: unknown, params: Record<string, string>, searchParams = {}) => {
  const [{ inRequest }, { renderToStaticMarkup }] = await Promise.all([import("./serve-auth.ts"), import("react-dom/server")]);
  return inRequest(headers, async () =>
    renderToStaticMarkup(
      (await (page as (p: PageProps) => Promise<unknown>)({ params: Promise.resolve(params), searchParams: Promise.resolve(searchParams) })) as ReactElement,
    ),
  );
};

/** A submitted form with these fields. */
export const formData = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
