import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_STORED_BODY,
  REDACTED,
  SECRET_FIELDS,
  SECRET_NAME_HINT,
  isSecretField,
  redactBody,
  redactValue,
  redactedJson,
  scrubText,
  storedListPage,
} from "./redact";

const RAW_SERVER = `service_server_test_${"ab12".repeat(12)}`;
const RAW_PLATFORM = `service_platform_live_${"9f0e".repeat(12)}`;

describe("isSecretField", () => {
  // every field name that carries a secret in the spec (game-api.md, platform-api.md, test-mode.md) and in our API
  const secret = [
    "key",
    "keys",
    "rawKey",
    "apiKey",
    "serverKey",
    "platformKey",
    "campaignKey",
    "webhookSecret",
    "secret",
    "signingSecret",
    "clientSecret",
    "password",
    "newPassword",
    "sessionKey",
    "session",
    "token",
    "accessToken",
    "refresh_token",
    "deliveredKey",
    "claimCode",
    "claimUrl",
    "card",
    "cardNumber",
    "cvc",
    "cvv",
    "authorization",
    "sig",
    "signature",
  ];
  it.each(secret)("%s is secret", (name) => expect(isSecretField(name)).toBe(true));
  const plain = ["keyId", "oldKeyId", "prefix", "label", "idempotencyKey", "tokenAddress", "userRef", "email", "amount", "purchaseId", "code", "status"];
  it.each(plain)("%s is kept", (name) => expect(isSecretField(name)).toBe(false));

  it("every secret name holds a piece of SECRET_NAME_HINT (a text without one names no secret field)", () => {
    for (const name of [...secret, ...SECRET_FIELDS]) expect(SECRET_NAME_HINT.test(name), name).toBe(true);
    const piece = fc.constantFrom(
      ...["secret", "passw", "passphrase", "privatekey", "private_key", "sessionkey", "session_key", "rawkey", "apikey", "api_key"],
      ...["claimcode", "claim_code", "cardnumber", "token", "tokens", "Token", "_token"],
    );
    fc.assert(
      fc.property(fc.string(), piece, fc.string(), (before, p, after) => {
        for (const name of [before + p + after, before, p + after, before + p]) if (isSecretField(name)) expect(SECRET_NAME_HINT.test(name)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("redactValue", () => {
  it("blanks secret fields at any depth and keeps every other value", () => {
    const out = redactValue({
      rawKey: RAW_PLATFORM,
      newKey: { id: "k1", prefix: "service_platform_live_9f0e", scopes: ["a"] },
      endpoints: [{ url: "https://example.com/hook", webhookSecret: "whsec_abcdefghijklmnop" }],
      player: { email: "p@example.com", password: "hunter2hunter2" },
      amount: "150",
      note: null,
    });
    expect(out).toEqual({
      rawKey: REDACTED,
      newKey: { id: "k1", prefix: "service_platform_live_9f0e", scopes: ["a"] },
      endpoints: [{ url: "https://example.com/hook", webhookSecret: REDACTED }],
      player: { email: "p@example.com", password: REDACTED },
      amount: "150",
      note: null,
    });
  });

  it("scrubs raw keys and URL credentials from any string", () => {
    expect(redactValue({ message: `key ${RAW_SERVER} was sent` })).toEqual({ message: `key service_server_test_${REDACTED} was sent` });
    expect(scrubText("https://x.test/checkout/g/abc?sig=0123456789abcdef")).toBe(`https://x.test/checkout/g/abc?sig=${REDACTED}`);
    expect(scrubText("https://x.test/checkout/r/tok_123456/pay")).toBe(`https://x.test/checkout/r/${REDACTED}/pay`);
    expect(scrubText("Authorization: Bearer abc.def")).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(scrubText("sk_live_abcdefghijkl")).toBe(`sk_live_${REDACTED}`);
    // session keys, alone or in their hosted pages' URLs
    expect(scrubText("lks_test_7eb70091ed6bb73821a79a008aa582c9")).toBe(`lks_test_${REDACTED}`);
    expect(scrubText("http://x.test/link/lks_7eb70091ed6bb73821a79a008aa582c9")).toBe(`http://x.test/link/lks_${REDACTED}`);
    expect(scrubText(`https://x.test/fund/fs_test_${"A".repeat(43)}`)).toBe(`https://x.test/fund/fs_test_${REDACTED}`);
    expect(scrubText("https://x.test/business/connect/lks_test_0123456789abcdef0123")).toBe(`https://x.test/business/connect/lks_test_${REDACTED}`);
    expect(scrubText("/api/v1/users/link/initiate")).toBe("/api/v1/users/link/initiate");
    // every bearer page (BEARER_PAGES): the page's path is kept, its credential segment blanked; API paths stay whole
    expect(scrubText("https://x.test/wallet/eyJnIjoiZyJ9.c2ln?lang=en")).toBe(`https://x.test/wallet/${REDACTED}?lang=en`);
    expect(scrubText(`see https://x.test/gift/${"ab".repeat(32)} to claim`)).toBe(`see https://x.test/gift/${REDACTED} to claim`);
    expect(scrubText("https://x.test/account/reset/tok123456")).toBe(`https://x.test/account/reset/${REDACTED}`);
    expect(scrubText('"/wallet/abc.def"')).toBe(`"/wallet/${REDACTED}"`);
    for (const api of [
      "/api/v1/wallet/manage",
      "https://x.test/api/v1/wallet/balance",
      "/v1/platform/campaigns/c1/fund-sessions/h",
      "https://x.test/join/CODE",
    ])
      expect(scrubText(api)).toBe(api);
    expect(scrubText("a plain sentence with no secret: 42")).toBe("a plain sentence with no secret: 42");
  });
});

describe("redactBody", () => {
  it("stores JSON redacted, and null for an empty body", () => {
    expect(redactBody(JSON.stringify({ sessionKey: "s1", userRef: "u1" }))).toBe(`{"sessionKey":"${REDACTED}","userRef":"u1"}`);
    expect(redactBody("")).toBeNull();
    expect(redactBody(undefined)).toBeNull();
  });

  it("scrubs text that is not JSON by field name and key shape", () => {
    const text = `{"password": "hunter2", "email": "a@b.c", broken ${RAW_SERVER}`;
    const out = redactBody(text)!;
    expect(out).not.toContain("hunter2");
    expect(out).not.toContain("ab12ab12");
    expect(out).toContain('"email": "a@b.c"');
  });

  it("cuts a long body to about 4 KB, saying so, with secrets gone from what is kept", () => {
    const big = JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => ({ i, secret: `s-${i}-hidden` })) });
    const out = redactBody(big)!;
    expect(out.length).toBeLessThan(MAX_STORED_BODY + 50);
    expect(out).toMatch(/… \[cut, \d+ characters\]$/);
    expect(out).not.toContain("hidden");
  });

  it("scrubs a body too large to parse as text", () => {
    const huge = `{"password":"p4ss${"x".repeat(70_000)}", "key": "${RAW_SERVER}"}`;
    const out = redactBody(huge)!;
    expect(out).not.toContain("p4ss");
  });
});

describe("redactedJson (the stored form, written only as far as it is kept)", () => {
  // field names drawn from secret and plain ones, values that may hold a raw key or a URL credential
  const name = fc.constantFrom("key", "password", "sessionKey", "card", "token", "id", "userRef", "items", "data", "url", "note", "__proto__");
  const leaf = fc.oneof(
    fc.string(),
    fc.constantFrom(RAW_SERVER, `https://x.test/checkout/r/tok123?sig=abc`, "Bearer abc.def", "lks_0123456789abcdef01"),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const json = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("value"), { maxLength: 6 }), fc.dictionary(name, tie("value"), { maxKeys: 6 })),
  })).value;

  it("whole, it is exactly JSON.stringify(redactValue(v)); cut short, it is that text's beginning", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 400 }), (raw, max) => {
        const value = JSON.parse(JSON.stringify(raw)) as unknown;
        const full = redactedJson(value, Number.MAX_SAFE_INTEGER);
        expect(full.whole).toBe(true);
        // __proto__ as a parsed field: redactValue's plain object assignment drops it, the writer keeps it (redacted)
        if (!JSON.stringify(raw).includes("__proto__")) expect(full.text).toBe(JSON.stringify(redactValue(value)));
        const short = redactedJson(value, max);
        expect(short.whole).toBe(full.text.length <= max);
        expect(full.text.startsWith(short.text)).toBe(true);
        if (!short.whole) expect(short.text.length).toBeGreaterThan(max);
      }),
      { numRuns: 300 },
    );
  });

  it("a 50-journal page is stored as its first 4 KB, redacted, with the length that was sent", () => {
    const page = {
      items: Array.from({ length: 50 }, (_, i) => ({ _id: `jrn_${i}`, note: `see https://x.test/pay?token=t${i}secret`, password: `pw${i}` })),
      pagination: { page: 1, limit: 50, totalCount: 5000 },
    };
    const text = JSON.stringify(page);
    const out = redactBody(text)!;
    expect(out.startsWith(JSON.stringify(redactValue(page)).slice(0, MAX_STORED_BODY))).toBe(true);
    expect(out.endsWith(`… [cut, ${text.length} characters]`)).toBe(true);
    expect(out).not.toMatch(/pw\d|t\d+secret/);
    // the same answer when the caller hands over the parsed body
    expect(redactBody(text, undefined, { value: JSON.parse(text) })).toBe(out);
  });
});

describe("storedListPage (a long list page kept unparsed when its kept part needs no redaction)", () => {
  const SECRETS = [
    RAW_SERVER,
    "https://x.test/pay?sig=abcdef",
    "Bearer abc.def",
    "lks_0123456789abcdef01",
    "sk_live_abcdefgh1234",
    // bearer pages (BEARER_PAGES): the credential is the segment after the prefix
    "https://x.test/wallet/eyJnIjoiZyJ9.c2lnbmF0dXJlX2J5dGVz",
    `https://x.test/gift/${"ab".repeat(32)}`,
  ];
  const plain = fc.string({ unit: fc.constantFrom("a", "b", "7", "é", "🎮", '"', "\\", "\n", " ", ":", ","), minLength: 20, maxLength: 80 });
  const clean = fc.record({ _id: fc.string({ unit: fc.constantFrom("a", "0", "_"), minLength: 6, maxLength: 24 }), description: plain });
  const dirty = fc.dictionary(
    fc.constantFrom("description", "password", "token", "sessionKey", "ESCAPED"),
    fc.oneof(plain, fc.constantFrom(...SECRETS), fc.constant("\u0001")),
    { minKeys: 1, maxKeys: 3 },
  );
  const page = fc.record({
    items: fc.array(fc.oneof({ weight: 30, arbitrary: clean }, { weight: 1, arbitrary: dirty }), { minLength: 80, maxLength: 160 }),
    pagination: fc.record({ page: fc.nat(), limit: fc.nat(), totalCount: fc.nat() }),
  });

  it("keeps what redactBody keeps, and nothing a secret field or a scrub would have taken out", () => {
    let fast = 0;
    let full = 0;
    fc.assert(
      fc.property(page, (value) => {
        // "ESCAPED" stands for a secret name spelled with an escape: "pass\u0077ord"
        const sent = JSON.stringify(value).replaceAll('"ESCAPED":', '"pass\\u0077ord":');
        const kept = storedListPage(sent);
        const slow = redactBody(sent)!;
        if (kept === undefined) {
          full++;
          return;
        }
        fast++;
        expect(kept).toBe(`${sent.slice(0, MAX_STORED_BODY)}… [cut, ${sent.length} characters]`);
        // the same as parsing and redacting, unless redactions further on shrank the page to fit whole
        if (slow.endsWith(" characters]")) expect(kept).toBe(slow);
        const head = kept.slice(0, MAX_STORED_BODY);
        for (const secret of SECRETS)
          expect(head).not.toContain(secret.includes("://") ? secret.slice(secret.lastIndexOf("/") + 1, secret.lastIndexOf("/") + 13) : secret.slice(0, 12));
        expect(head).not.toMatch(/"(password|token|sessionKey|pass\\u0077ord)":|\\u0001/);
      }),
      { numRuns: 200 },
    );
    expect(fast).toBeGreaterThan(10);
    expect(full).toBeGreaterThan(10);
  });

  it("a journals page is kept unparsed; a secret in the kept part, a short body or another shape takes the full path", () => {
    const entry = (i: number, description = `Credit for order ${i}`) => ({
      _id: `6b08b6${String(i).padStart(18, "0")}`,
      type: "credit",
      postings: [{ account: { type: "user", userRef: `player_${i}` }, deltaUnits: "3", description }],
      createdAt: "2026-11-26T10:00:00.000Z",
    });
    const list = (items: unknown[]) => JSON.stringify({ items, pagination: { page: 1, limit: 50, totalCount: 50, totalPages: 1 } });
    const journals = list(Array.from({ length: 50 }, (_, i) => entry(i)));
    expect(storedListPage(journals)).toBe(redactBody(journals));
    expect(storedListPage(journals)).toBe(`${journals.slice(0, MAX_STORED_BODY)}… [cut, ${journals.length} characters]`);
    const withKey = list(Array.from({ length: 50 }, (_, i) => entry(i, i === 3 ? `my key ${RAW_SERVER}` : undefined)));
    expect(storedListPage(withKey)).toBeUndefined();
    expect(redactBody(withKey)).not.toContain(RAW_SERVER);
    // a bearer page's URL (a wallet link, a gift's claim page) in a field of any name: the full path redacts it
    for (const url of ["https://x.test/wallet/eyJnIjoiZyJ9.c2lnbmF0dXJlX2J5dGVz", `https://x.test/gift/${"cd".repeat(32)}`]) {
      const withPage = list(Array.from({ length: 50 }, (_, i) => (i === 4 ? { ...entry(i), note: `open ${url}` } : entry(i))));
      expect(storedListPage(withPage)).toBeUndefined();
      const token = url.slice(url.lastIndexOf("/") + 1);
      expect(redactBody(withPage)).not.toContain(token);
      expect(redactBody(withPage)).toContain(`${url.slice(0, -token.length)}${REDACTED}`);
    }
    // the prefix just before the cut, its credential just after: what is kept holds none of it
    for (let at = MAX_STORED_BODY - 30; at < MAX_STORED_BODY + 40; at++) {
      const sent = `${journals.slice(0, at)}/wallet/SECRETTOKEN123${journals.slice(at)}`;
      const kept = storedListPage(sent);
      if (kept !== undefined) expect(kept.slice(0, MAX_STORED_BODY)).not.toMatch(/SECRET|\/wallet\/$/);
      else expect(at).toBeLessThan(MAX_STORED_BODY + 32);
    }
    const withField = list(Array.from({ length: 50 }, (_, i) => (i === 2 ? { ...entry(i), password: "hunter2" } : entry(i))));
    expect(storedListPage(withField)).toBeUndefined();
    expect(storedListPage(list([entry(1)]))).toBeUndefined();
    expect(storedListPage(JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => entry(i)) }))).toBeUndefined();
    // a secret only past the kept part: the kept part is the page as sent, which holds none
    const late = list(Array.from({ length: 50 }, (_, i) => entry(i, i === 49 ? `my key ${RAW_SERVER}` : undefined)));
    expect(storedListPage(late)).toBe(redactBody(late));
    expect(storedListPage(late)).not.toContain("service_");
  });
});

describe("objects under a secret name", () => {
  it("an API key resource named key is kept (its fields redacted), a raw key or a key pool is blanked, a card whole", () => {
    expect(redactValue({ key: { keyId: "k1", prefix: "p", rawKey: "r" }, keys: ["AAAA-BBBB"], card: { last4: "4242", number: "4242424242424242" } })).toEqual({
      key: { keyId: "k1", prefix: "p", rawKey: REDACTED },
      keys: REDACTED,
      card: REDACTED,
    });
    expect(redactValue({ keys: [{ keyId: "k1", key: "raw" }] })).toEqual({ keys: [{ keyId: "k1", key: REDACTED }] });
  });
});
