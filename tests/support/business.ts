// Tenants and checks for the tests of the business, business-user, item and gameplay routes of the
// platform API: a platform with a granted business that owns a game, business-linked players made through
// the API (initiate, then the test helper approves), and the refusals every such route must give.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "../../lib/db/client.ts";
import type { Environment } from "../../lib/core/environment.ts";
import type { RouteHandler } from "../../lib/http/route.ts";
import { createGame } from "../../lib/games/create-game.ts";
import { inTransaction } from "../../lib/db/transaction.ts";
import { testUsdcMint, USDC_ASSET } from "../../lib/ledger/accounts.ts";
import { transfer } from "../../lib/ledger/transfer.ts";
import type { AccountSpec } from "../../lib/ledger/types.ts";
import { ALL_SCOPES, BUSINESS_SCOPES, MANAGEMENT_SCOPES } from "../../lib/platform/scopes.ts";
import { POST as INITIATE } from "../../app/api/v1/platform/business/users/link/initiate/route.ts";
import { POST as APPROVE } from "../../app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route.ts";
import { makeGame } from "./fixtures.ts";
import { approveAsPerson } from "./linking.ts";
import { call, type Call, type CallResult } from "./http.ts";
import { makePlatformTenant } from "./platform.ts";

const tag = () => randomBytes(6).toString("hex");

export const idem = (headers: Record<string, string>, key: string = randomUUID()) => ({ ...headers, "idempotency-key": key });

/** A platform whose key holds every scope, a business (with one game) that granted it `grantScopes`. */
export const makeBusinessTenant = async ({
  environment = "test" as Environment,
  grantScopes = BUSINESS_SCOPES as string[],
  keyScopes = ALL_SCOPES as string[],
  approvedScopes = ALL_SCOPES as string[],
  webhookUrl = null as string | null,
} = {}) => {
  const t = await makePlatformTenant({ environment, grantScopes, keyScopes, approvedScopes, webhookUrl });
  const game = await createGame({ db: getDb() }, { businessId: t.business.id, environment, name: `Game ${tag()}` });
  return { ...t, game };
};

/** A player linked to the tenant's business through the API: initiate, then the test helper approves. */
export const linkBusinessUser = async (
  tb: Record<string, string>,
  { email = `p-${tag()}@example.com`, name = "", asPerson = false }: { email?: string; name?: string; asPerson?: boolean } = {},
) => {
  const started = await call(INITIATE, { headers: idem(tb), body: { email } });
  expect(started.status).toBe(201);
  // asPerson: the person approves on the hosted page (a player linked to several businesses is no one business's test player)
  const approved = asPerson
    ? { status: 200, body: { userRef: (await approveAsPerson(started.body.sessionKey, email)).userRef } }
    : await call(APPROVE, { headers: tb, params: { sessionKey: started.body.sessionKey }, body: name ? { name } : {} });
  expect(approved.status).toBe(200);
  const player = await getDb().player.findUniqueOrThrow({ where: { email } });
  return { userRef: approved.body.userRef as string, sessionKey: started.body.sessionKey as string, email, player };
};

type Opts = Call & { params?: Record<string, string> };

/**
 * What every platform route acting for a business refuses: no key, a server key, a wrong key (401);
 * no X-Target-Business-Id (400); another business (403 GRANT_REQUIRED, or 404 in another environment).
 */
export const expectBusinessAuth = async (handler: RouteHandler, opts: Opts, tb: Record<string, string>) => {
  const none = await call(handler, { ...opts, headers: {} });
  expect([none.status, none.body.code]).toEqual([401, "UNAUTHORIZED"]);
  const server = await call(handler, { ...opts, headers: (await makeGame()).headers });
  expect([server.status, server.body.code]).toEqual([401, "UNAUTHORIZED"]);
  const forged = await call(handler, { ...opts, headers: { ...tb, authorization: "Bearer service_platform_test_00000000000000000000000000000000" } });
  expect([forged.status, forged.body.code]).toEqual([401, "UNAUTHORIZED"]);
  const { "x-target-business-id": _, ...noTarget } = tb;
  const missing = await call(handler, { ...opts, headers: noTarget });
  expect([missing.status, missing.body.code]).toEqual([400, "TARGET_BUSINESS_REQUIRED"]);
  const other = await makePlatformTenant();
  const ungranted = await call(handler, { ...opts, headers: { ...tb, "x-target-business-id": other.business.id } });
  expect([ungranted.status, ungranted.body.code]).toEqual([403, "GRANT_REQUIRED"]);
};

/**
 * 403 INSUFFICIENT_SCOPE when `scope` is missing from the platform's approved scopes, from the key, or
 * (for a route acting for a business) from the grant: one tenant per set, the error naming that set.
 * `run` makes the call for a tenant (it gets the tenant's headers) and returns the response.
 */
export const expectScopeRefusals = async (
  scope: string,
  run: (t: Awaited<ReturnType<typeof makeBusinessTenant>>) => Promise<CallResult>,
  { targetBusiness = true } = {},
) => {
  const without = (list: string[]) => list.filter((s) => s !== scope);
  const sets = [
    ["platform.approvedScopes", { approvedScopes: without(ALL_SCOPES) }],
    ["key.requestedScopes", { keyScopes: without(ALL_SCOPES) }],
    ...(targetBusiness && !MANAGEMENT_SCOPES.includes(scope) ? [["grant.grantedScopes", { grantScopes: without(BUSINESS_SCOPES) }] as const] : []),
  ] as const;
  for (const [field, opts] of sets) {
    const t = await makeBusinessTenant(opts);
    const res = await run(t);
    expect([res.status, res.body.code], `${scope} missing from ${field}`).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect(res.body.error).toContain(scope);
  }
};

/** Moves `micros` of test USDC from the test mint into `to` (a business funding wallet, a player wallet). */
export const fundTestUsdc = (to: AccountSpec, micros: bigint, tenantId: string) =>
  inTransaction(getDb(), (tx) =>
    transfer(tx, {
      asset: USDC_ASSET,
      environment: "test",
      tenantId,
      type: "test_fund",
      reference: null,
      metadata: {},
      from: testUsdcMint("test"),
      to,
      amount: micros,
      description: "test funds",
      unitLabel: "USDC micro-units",
    }),
  );
