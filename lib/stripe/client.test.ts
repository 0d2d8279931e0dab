// Where the Stripe SDK is pointed: api.stripe.com unless STRIPE_API_BASE says otherwise, and a live deployment is
// never pointed elsewhere by accident (docs/decisions/stripe-double.md).
import { describe, expect, it } from "vitest";
import { readEnv } from "../config/env.ts";
import { stripeHostOptions } from "./client.ts";

const env = (vars: Record<string, string>) => readEnv({ STRIPE_SECRET_KEY: "sk_test_x", ...vars });

describe("stripeHostOptions", () => {
  it("unset: the SDK's own host (api.stripe.com); set: its host, port and protocol", () => {
    expect(stripeHostOptions(env({}))).toEqual({});
    expect(stripeHostOptions(env({ STRIPE_API_BASE: "http://127.0.0.1:12111" }))).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(stripeHostOptions(env({ STRIPE_API_BASE: "https://stripe.internal.test" }))).toEqual({ host: "stripe.internal.test", port: 443, protocol: "https" });
    expect(stripeHostOptions(env({ STRIPE_API_BASE: "http://double.test", NODE_ENV: "test" }))).toEqual({ host: "double.test", port: 80, protocol: "http" });
  });

  it("under npm start (NODE_ENV=production) it is refused (503) unless STRIPE_API_BASE_IN_PRODUCTION=1", () => {
    const prod = { NODE_ENV: "production", STRIPE_API_BASE: "http://127.0.0.1:12111" };
    expect(() => stripeHostOptions(env(prod))).toThrow(expect.objectContaining({ code: "PAYMENTS_NOT_CONFIGURED", status: 503 }));
    expect(() => stripeHostOptions(env(prod))).toThrow(/STRIPE_API_BASE is set on a production server/);
    expect(() => stripeHostOptions(env({ ...prod, STRIPE_API_BASE_IN_PRODUCTION: "true" }))).toThrow(/production server/);
    expect(stripeHostOptions(env({ ...prod, STRIPE_API_BASE_IN_PRODUCTION: "1" }))).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    // without STRIPE_API_BASE production uses Stripe's own host, flag or not
    expect(stripeHostOptions(env({ NODE_ENV: "production", STRIPE_API_BASE_IN_PRODUCTION: "1" }))).toEqual({});
  });

  it("a live key is never sent anywhere but Stripe, in any mode; a malformed base is refused", () => {
    for (const key of ["sk_live_abc", "rk_live_abc"])
      expect(() => stripeHostOptions(env({ STRIPE_SECRET_KEY: key, STRIPE_API_BASE: "http://127.0.0.1:12111" }))).toThrow(/live Stripe key is never sent/);
    expect(stripeHostOptions(env({ STRIPE_SECRET_KEY: "sk_live_abc" }))).toEqual({});
    expect(() => stripeHostOptions(env({ STRIPE_API_BASE: "127.0.0.1:12111" }))).toThrow(/http\(s\) URL/);
    expect(() => stripeHostOptions(env({ STRIPE_API_BASE: "ftp://x" }))).toThrow(/http\(s\) URL/);
  });
});
