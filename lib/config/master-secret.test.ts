import { afterEach, describe, expect, it } from "vitest";
import { checkProductionSecrets } from "./check-production-secrets.ts";
import { readEnv } from "./env.ts";
import { DEV_MASTER_SECRET, findSecretProblem, masterSecret } from "./master-secret.ts";

const GOOD = "0123456789abcdef0123456789abcdef"; // 32 characters

afterEach(() => {
  delete process.env.COINOP_SECRET;
  delete process.env.CHECKOUT_SIGNING_SECRET;
});

describe("findSecretProblem", () => {
  it.each([
    [{}, /^COINOP_SECRET is not set\. .*set COINOP_SECRET to the output of `openssl rand -hex 32`\.$/],
    [{ COINOP_SECRET: "" }, /^COINOP_SECRET is not set\./],
    [{ COINOP_SECRET: DEV_MASTER_SECRET }, /^COINOP_SECRET is the development default, which is public\. .*openssl rand -hex 32/],
    [{ CHECKOUT_SIGNING_SECRET: DEV_MASTER_SECRET }, /^CHECKOUT_SIGNING_SECRET is the development default/],
    [{ COINOP_SECRET: GOOD.slice(1) }, /^COINOP_SECRET is 31 characters long; production needs at least 32\./],
    [{ CHECKOUT_SIGNING_SECRET: "short" }, /^CHECKOUT_SIGNING_SECRET is 5 characters long/],
    [{ COINOP_SECRET: GOOD, CHECKOUT_SIGNING_SECRET: `${GOOD}x` }, /both set, to different values/],
    [{ COINOP_SECRET: GOOD, NEXTAUTH_SECRET: "tiny" }, /^NEXTAUTH_SECRET is 4 characters long/],
  ])("%j is refused with one line naming the variable", (env, message) => {
    const problem = findSecretProblem(readEnv(env));
    expect(problem).toMatch(message);
    expect(problem).not.toContain("\n");
    expect(checkProductionSecrets(env)).toBe(problem);
  });

  it.each([
    [{ COINOP_SECRET: GOOD }],
    [{ CHECKOUT_SIGNING_SECRET: GOOD }],
    [{ COINOP_SECRET: GOOD, CHECKOUT_SIGNING_SECRET: GOOD }],
    [{ COINOP_SECRET: GOOD, NEXTAUTH_SECRET: GOOD }],
  ])("%j is accepted", (env) => expect(findSecretProblem(readEnv(env))).toBeNull());
});

describe("masterSecret", () => {
  it("is COINOP_SECRET, else CHECKOUT_SIGNING_SECRET, else the development default outside production", () => {
    expect(masterSecret(readEnv({ NODE_ENV: "test" }))).toBe(DEV_MASTER_SECRET);
    expect(masterSecret(readEnv({ NODE_ENV: "development", CHECKOUT_SIGNING_SECRET: "old" }))).toBe("old");
    expect(masterSecret(readEnv({ NODE_ENV: "development", CHECKOUT_SIGNING_SECRET: "old", COINOP_SECRET: "new" }))).toBe("new");
  });

  it("throws in production rather than sign with a missing, short or public secret; `next build` needs none", () => {
    expect(() => masterSecret(readEnv({ NODE_ENV: "production" }))).toThrow(/COINOP_SECRET is not set/);
    expect(() => masterSecret(readEnv({ NODE_ENV: "production", COINOP_SECRET: DEV_MASTER_SECRET }))).toThrow(/development default/);
    expect(masterSecret(readEnv({ NODE_ENV: "production", COINOP_SECRET: GOOD }))).toBe(GOOD);
    expect(masterSecret(readEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }))).toBe(DEV_MASTER_SECRET);
  });
});
