import { afterEach, describe, expect, it } from "vitest";
import { config, readEnv } from "./env.ts";
import { appBaseUrl, proxyHops, webhookAllowLoopback, workerConcurrency, workerPollIntervalMs } from "./settings.ts";

afterEach(() => {
  delete process.env.COINOP_PROXY_HOPS;
});

describe("settings", () => {
  it("appBaseUrl is APP_URL without trailing slashes, else http://localhost:$PORT; an empty value counts as unset", () => {
    expect(appBaseUrl(readEnv({ APP_URL: "https://pay.example.com//" }))).toBe("https://pay.example.com");
    expect(appBaseUrl(readEnv({ PORT: "4000" }))).toBe("http://localhost:4000");
    expect(appBaseUrl(readEnv({ APP_URL: "", PORT: "" }))).toBe("http://localhost:3000");
  });

  it("integer settings fall back to their default when unset or out of range", () => {
    expect([undefined, "2", "0", "11", "1.5", "x"].map((v) => proxyHops(readEnv({ COINOP_PROXY_HOPS: v })))).toEqual([1, 2, 1, 1, 1, 1]);
    expect([undefined, "8", "0", "-3"].map((v) => workerConcurrency(readEnv({ WORKER_CONCURRENCY: v })))).toEqual([4, 8, 4, 4]);
    expect(workerPollIntervalMs(readEnv({}))).toBe(2000);
  });

  it("WEBHOOK_ALLOW_LOOPBACK: on by default in development and tests, off in production (npm start); anything unknown is off", () => {
    const allow = (NODE_ENV: string | undefined, WEBHOOK_ALLOW_LOOPBACK?: string) => webhookAllowLoopback(readEnv({ NODE_ENV, WEBHOOK_ALLOW_LOOPBACK }));
    expect([allow("test"), allow("development"), allow(undefined), allow("production"), allow("production", "")]).toEqual([true, true, true, false, false]);
    expect(["1", "true", "ON", " yes "].map((v) => allow("production", v))).toEqual([true, true, true, true]);
    expect(["0", "false", "off", "no", "maybe"].map((v) => allow("test", v))).toEqual([false, false, false, false, false]);
  });

  it("reads the environment on each call, not once at import (tests change it at run time)", () => {
    expect(proxyHops()).toBe(1);
    process.env.COINOP_PROXY_HOPS = "3";
    expect(proxyHops()).toBe(3);
    expect(config().COINOP_PROXY_HOPS).toBe("3");
  });
});
