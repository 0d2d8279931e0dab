// Finding 5 of issue 26: a /wallet/<token> link (POST /v1/wallet/manage; whoever holds it reads the player's wallet
// for an hour) was stored as sent in the request log, which the portal shows to every member, viewers included.
// Rule: every bearer URL or token a response carries is stored with its secret part redacted and the rest kept
// (the page's path, the session key's kind), by one rule in lib/request-log/redact.ts (BEARER_PAGES for credentials
// in a path, ?sig= and the like for credentials in a query, secret field names for bare tokens), on the parsed path
// and on the list page's unparsed fast path alike.
// The table below is the one list: this test walks every response schema of the API document and fails when a field
// that looks like a URL or a token is in neither BEARER (tested here, stored redacted) nor PUBLIC (with why).
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as walletManage } from "@/app/api/v1/wallet/manage/route";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { loadRouteTable } from "@/lib/ops/route-table";
import { getDb } from "@/lib/db/client";
import { appBaseUrl } from "@/lib/config/settings";
import { drainRequestLog, setRequestCapture, type CapturedRequest } from "@/lib/request-log/capture-request";
import { recordRequests } from "@/lib/request-log/record-requests";
import { MAX_STORED_BODY, REDACTED } from "@/lib/request-log/redact";
import { signWalletToken } from "@/lib/wallet/wallet-link-token";
import { grantCheckoutUrl, sessionCheckoutUrl } from "@/lib/checkout/sign-url";
import { claimUrl, newClaimCode } from "@/lib/gifts/claim-code";
import { linkSessionUrl, newSessionKey } from "@/lib/linking/link-session-url";
import { fundSessionUrl, newFundSessionKey } from "@/lib/fund-sessions/fund-session-key";
import { platformLinkSessionUrl } from "@/lib/platform/serialize-link-session";
import { invoicePageUrl, newPublicInvoiceId } from "@/lib/invoices/invoice-url";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { makeStore } from "@/tests/support/purchases";

// every route module loaded: its route() declaration registered for the API document walked below
await loadRouteTable();

beforeAll(() => setRequestCapture(true));
afterAll(() => setRequestCapture(undefined));

/** A bearer value as a route hands it out: `kept` is what the stored row must still show (null: the field is blanked). */
type Bearer = { example: () => { value: string; kept: string | null } };
const page = (url: string, prefix: string): { value: string; kept: string } => ({ value: url, kept: url.slice(0, url.indexOf(prefix) + prefix.length) });
const query = (url: string): { value: string; kept: string } => ({ value: url, kept: url.slice(0, url.indexOf("?sig=") + 5) });
const blank = (value: string) => ({ value, kept: null });

const wallet = () =>
  page(`${appBaseUrl()}/wallet/${signWalletToken({ g: "game_1", e: "test", u: "player_1", x: Math.floor(Date.now() / 1000) + 3600 }, "whsec_x")}`, "/wallet/");
const link = () => page(linkSessionUrl(newSessionKey("test")), "/link/lks_test_");
const fund = () => page(fundSessionUrl(newFundSessionKey("live")), "/fund/fs_");
const connect = () => page(platformLinkSessionUrl(newSessionKey("live")), "/business/connect/lks_");

/**
 * Every response field that carries a bearer credential. Keyed by "METHOD /path field" where one name means
 * different things on different routes (url), else by the field's path or name.
 */
const BEARER: Record<string, Bearer> = {
  linkUrl: { example: wallet }, // POST /v1/wallet/manage: the player's wallet page, an hour
  checkoutUrl: { example: () => query(grantCheckoutUrl(`grant_${randomUUID()}`)) }, // POST /v1/checkout/grants
  claimUrl: { example: () => blank(claimUrl(newClaimCode())) }, // POST /v1/platform/gifts/bulk: blanked by its name (any other field: /gift/ keeps the path)
  "links.invoice": { example: () => query(invoicePageUrl(newPublicInvoiceId())) }, // invoices: the receiver's page
  sessionKey: { example: () => blank(newSessionKey("test")) }, // link and fund sessions' handles
  rawKey: { example: () => blank(`service_platform_test_${randomBytes(24).toString("hex")}`) }, // a new platform key
  deliveredKey: { example: () => blank("AAAA-BBBB-CCCC-DDDD") }, // a key pool's game key
  webhookSecret: { example: () => blank(`whsec_${randomBytes(16).toString("hex")}`) }, // a campaign's signing secret
  "GET /v1/users/link/initiate url": { example: link },
  "POST /v1/users/link/initiate url": { example: link },
  "POST /v1/campaign/{id}/users/link/initiate url": { example: link },
  "POST /v1/platform/business/users/link/initiate url": { example: link },
  "POST /v1/platform/campaigns/{campaignId}/link/users/initiate url": { example: link },
  "POST /v1/platform/campaigns/{campaignId}/fund-sessions url": { example: fund },
  "POST /v1/platform/distributions/{id}/fund-sessions url": { example: fund },
  "GET /v1/platform/campaigns/{campaignId}/fund-sessions/{handle} url": { example: fund },
  "GET /v1/platform/distributions/{id}/fund-sessions/{handle} url": { example: fund },
  "GET /v1/checkout/redirect body.url": { example: () => page(sessionCheckoutUrl(randomBytes(24).toString("base64url")), "/checkout/r/") },
  "POST /v1/test-helpers/fund-sessions/{sessionKey}/complete url": { example: fund },
  "POST /v1/test-helpers/fund-sessions/{sessionKey}/expire url": { example: fund },
  "POST /v1/platform/link-sessions url": { example: connect },
  "POST /v1/test-helpers/platform-link-sessions/{sessionKey}/approve url": { example: connect },
  "POST /v1/test-helpers/platform-link-sessions/{sessionKey}/decline url": { example: connect },
};

/** Fields that look like a URL or a token and are not a credential, with why. */
const PUBLIC: Record<string, string> = {
  ...Object.fromEntries(
    [
      "imageUrl",
      "smallImageUrl",
      "storeImageUrl",
      "demoImageUrl",
      "demoUrl",
      "discordUrl",
      "storeUrl",
      "termsUrl",
      "supportUrl",
      "logoUrl",
      "profileImageUrl",
    ].map((n) => [n, "a public image or page the game or player published"]),
  ),
  webhookUrl: "the tenant's own receiver; what authenticates a delivery is the signing secret",
  redirectUrl: "the game's own return page after checkout",
  kycUrl: "the verification page: the player signs in there",
  "links.home": "a business's admin home: members sign in there",
  "links.kyb": "a business's verification page: members sign in there",
  "links.signIn": "the members' sign-in page",
  code: "currency, event and invite codes: names, or a link invite meant to be shared (each visit starts its own session)",
  dealCode: "a deal's public code",
  planCode: "a subscription plan's name",
  keyId: "an API key's id, not the key",
  oldKeyId: "an API key's id, not the key",
  replacedByKeyId: "an API key's id, not the key",
  createdByKeyId: "an API key's id, not the key",
  linkId: "a link's id",
  postalCode: "a business's address",
  eventCode: "a campaign event's name",
  ...Object.fromEntries(
    [
      "POST /v1/campaign/{id}/link-invites url",
      "PATCH /v1/campaign/{id}/link-invites/{code} url",
      "DELETE /v1/campaign/{id}/link-invites/{code} url",
      "POST /v1/platform/campaigns/{campaignId}/link-invites url",
      "PATCH /v1/platform/campaigns/{campaignId}/link-invites/{code} url",
      "DELETE /v1/platform/campaigns/{campaignId}/link-invites/{code} url",
      "invites.url",
      "invite.url",
    ].map((k) => [k, "a link invite's shareable join page (/join/<code>): made to be posted; each visit starts its own session"]),
  ),
};

// ---- the walk over the API document's response schemas ----
type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: unknown } & Record<
  string,
  unknown
>;
const LOOKS_SECRET = /url|link|uri|href|token|session|sig|secret|key|code|claim|pass/i;
/** Timestamps (linkedAt, claimedAt, unlinkedAt) are no credential, whatever their name holds. */
const TIMESTAMP = /At$/;

/** "METHOD /path field.path" of every string field of a 2xx response that looks like a URL or a token (or sits in `links`). */
const bearerLikeFields = (): string[] => {
  const doc = buildOpenApiDocument(registeredRoutes(), "https://coinop.example") as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").pop()!] : s);
  const isString = (s: Schema) => s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"));
  const found = new Set<string>();
  const walk = (raw: Schema | undefined, path: string, op: string, seen: Set<Schema>) => {
    const s = resolve(raw);
    if (!s || typeof s !== "object" || seen.has(s)) return;
    const next = new Set(seen).add(s);
    for (const k of ["anyOf", "oneOf", "allOf"]) for (const x of (s[k] as Schema[] | undefined) ?? []) walk(x, path, op, next);
    if (s.items) walk(s.items, `${path}[]`, op, next);
    if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties as Schema, `${path}.*`, op, next);
    for (const [name, p] of Object.entries(s.properties ?? {})) {
      const field = path ? `${path}.${name}` : name;
      const leaf = resolve(p);
      const strings =
        leaf && (isString(leaf) || [leaf.anyOf, leaf.oneOf].some((xs) => Array.isArray(xs) && xs.some((x) => isString(resolve(x as Schema) ?? {}))));
      if (strings && !TIMESTAMP.test(name) && (LOOKS_SECRET.test(name) || /(^|\.)links$/.test(path))) found.add(`${op} ${field}`);
      walk(p, field, op, next);
    }
  };
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, o] of Object.entries(ops))
      for (const [status, r] of Object.entries(o.responses ?? {}))
        if (status.startsWith("2")) for (const c of Object.values(r.content ?? {})) walk(c.schema, "", `${method.toUpperCase()} ${p}`, new Set());
  return [...found].sort();
};

/** The table's entry for a found field: "METHOD /path field", then the field's path without its list markers, then its name. */
const entryOf = <T>(table: Record<string, T>, key: string): [string, T] | undefined => {
  const [method, path, field] = key.split(" ");
  const bare = field.replace(/\[\]/g, "").replace(/^\./, "");
  for (const k of [`${method} ${path} ${field}`, bare, bare.split(".").slice(-2).join("."), bare.split(".").pop()!]) if (k in table) return [k, table[k]];
  return undefined;
};

/** A response body with `value` at `field` ("result.gifts[].claimUrl"), beside fields that need no redaction. */
const bodyWith = (field: string, value: string): unknown => {
  const parts = field.split(".");
  const build = (i: number): unknown => {
    if (i === parts.length) return value;
    const name = parts[i].replace(/\[\]$/, "");
    const inner = build(i + 1);
    const obj = { _id: "obj_0123456789", status: "ok", [name]: parts[i].endsWith("[]") ? [inner] : inner };
    return name === "" ? [inner] : obj;
  };
  return build(0);
};

/** Stores one captured request through the request log's writer and reads its row back. */
const store = async (route: string, responseBody: string, listPage = false) => {
  const [method, path] = route.split(" ");
  const requestId = `req_25_${randomUUID()}`;
  const captured: CapturedRequest = {
    requestId,
    at: new Date(),
    method,
    path: `/api${path}`,
    route: path,
    status: 200,
    latencyMs: 3,
    responseBody,
    listPage,
    facts: {},
  };
  await recordRequests({ db: getDb() }, [captured]);
  return getDb().requestLog.findFirstOrThrow({ where: { requestId } });
};

const secretOf = (value: string, kept: string | null) => (kept === null ? value : value.slice(kept.length).split(/[/?#&]/)[0]);

describe("finding 5: bearer URLs and tokens in the request log", () => {
  it("POST /v1/wallet/manage: the stored row keeps the wallet page's path and loses its token (the viewer's request log shows the row)", async () => {
    const s = await makeStore();
    const res = await call(walletManage, { headers: idem(s.headers), body: { userId: s.users[0] } });
    expect(res.status, res.text).toBe(200);
    const linkUrl: string = res.body.linkUrl;
    const token = linkUrl.split("/wallet/")[1];
    expect(token.length).toBeGreaterThan(40);
    await drainRequestLog();
    const row = await getDb().requestLog.findFirstOrThrow({ where: { requestId: res.headers.get("x-request-id")! } });
    expect(row).toMatchObject({ method: "POST", path: "/api/v1/wallet/manage", status: 200, gameId: s.game.id });
    expect(JSON.parse(row.responseBody!)).toEqual({ linkUrl: `${appBaseUrl()}/wallet/${REDACTED}` });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.split(".")[1]); // not the signature alone either
  });

  it("every URL- or token-like field of every response schema is either a tested bearer field or public with a reason", () => {
    const fields = bearerLikeFields();
    expect(fields.length).toBeGreaterThan(50);
    const unclassified = fields.filter((f) => !entryOf(BEARER, f) && !entryOf(PUBLIC, f));
    expect(unclassified, "classify each in BEARER (and make the rule cover it) or PUBLIC").toEqual([]);
    const both = fields.filter((f) => entryOf(BEARER, f) && entryOf(PUBLIC, f)?.[0] === entryOf(BEARER, f)?.[0]);
    expect(both).toEqual([]);
    // no stale entry: each names a field the API still answers with
    const used = new Set(fields.flatMap((f) => [entryOf(BEARER, f)?.[0], entryOf(PUBLIC, f)?.[0]]));
    expect(Object.keys(BEARER).filter((k) => !used.has(k))).toEqual([]);
    expect(Object.keys(PUBLIC).filter((k) => !used.has(k))).toEqual([]);
  });

  it("each bearer field, on each route that answers with it, is stored with its secret part redacted and the rest kept, alone and in a long list page", async () => {
    const cases = bearerLikeFields().flatMap((f) => {
      const hit = entryOf(BEARER, f);
      return hit ? [{ key: f, ...hit[1].example() }] : [];
    });
    expect(new Set(cases.map((c) => entryOf(BEARER, c.key)![0])).size).toBe(Object.keys(BEARER).length);
    for (const { key, value, kept } of cases) {
      const [method, path, field] = key.split(" ");
      const route = `${method} ${path}`;
      const secret = secretOf(value, kept);
      expect(secret.length, key).toBeGreaterThan(8);
      const body = JSON.stringify(bodyWith(field, value));
      const row = await store(route, body);
      expect(row.responseBody, key).not.toContain(secret);
      expect(row.responseBody, key).toContain(kept === null ? `"${REDACTED}"` : `${kept}${REDACTED}`);
      // a long list page (the fast path that keeps its first 4 KB unparsed), the secret near the start and near the cut
      for (const at of [0, 30]) {
        const filler = { _id: "obj_0123456789", status: "ok", description: "a plain entry with nothing to redact, padded ".repeat(2) };
        const items = Array.from({ length: 60 }, (_, i) => (i === at ? bodyWith(field, value) : filler));
        const list = JSON.stringify({ items, pagination: { page: 1, limit: 60, totalCount: 60, totalPages: 1 } });
        expect(list.length).toBeGreaterThan(MAX_STORED_BODY);
        const listed = await store(route, list, true);
        expect(listed.responseBody, `${key} in a list page`).not.toContain(secret.slice(0, 8));
        if (list.indexOf(value) + value.length < MAX_STORED_BODY)
          expect(listed.responseBody, `${key} in a list page`).toContain(kept === null ? `"${REDACTED}"` : `${kept}${REDACTED}`);
      }
    }
  });

  it("the rule keeps what is not a credential: API paths, public pages, ids", async () => {
    const plain = {
      path: "/api/v1/wallet/manage",
      api: "https://coinop.example/api/v1/users/link/initiate",
      invite: `${appBaseUrl()}/join/SPRING-CUP`,
      business: `${appBaseUrl()}/business/biz_0123/verification`,
      image: `${appBaseUrl()}/uploads/abc.png`,
    };
    const row = await store("POST /v1/wallet/manage", JSON.stringify(plain));
    expect(JSON.parse(row.responseBody!)).toEqual(plain);
  });
});
