import { afterEach, describe, expect, it } from "vitest";
import {
  ATTEMPTABLE,
  DELIVERY_TRANSITIONS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  RETRY_WINDOW_SECONDS,
  DISABLE_AFTER_SECONDS,
  healthThresholdsMs,
  canMove,
  deliveryTimeoutMs,
  retryDelayMs,
  retryScale,
} from "./delivery-policy.ts";

const saved = { scale: process.env.WEBHOOK_RETRY_SCALE, timeout: process.env.WEBHOOK_TIMEOUT_MS };
afterEach(() => {
  process.env.WEBHOOK_RETRY_SCALE = saved.scale;
  process.env.WEBHOOK_TIMEOUT_MS = saved.timeout;
  if (saved.scale === undefined) delete process.env.WEBHOOK_RETRY_SCALE;
  if (saved.timeout === undefined) delete process.env.WEBHOOK_TIMEOUT_MS;
});

describe("retry schedule", () => {
  it("spans at least 3 days from the first attempt to the last, on the published table", () => {
    const totalSeconds = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(totalSeconds).toBeGreaterThanOrEqual(72 * 3600);
    expect(totalSeconds).toBe(272_170); // 75 h 36 min 10 s
    expect(RETRY_WINDOW_SECONDS).toBe(272_170);
    expect(RETRY_DELAYS_SECONDS).toEqual([10, 60, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(MAX_ATTEMPTS).toBe(11);
  });

  it("warns after a day of failures and disables after 3 (the retry window), scaled like the retries", () => {
    expect(healthThresholdsMs(1)).toEqual({ warnMs: 86_400_000, disableMs: 259_200_000 });
    expect(healthThresholdsMs(0.001)).toEqual({ warnMs: 86_400, disableMs: 259_200 });
    expect(DISABLE_AFTER_SECONDS).toBeLessThanOrEqual(RETRY_WINDOW_SECONDS);
  });

  it("never shrinks and starts within seconds", () => {
    expect(RETRY_DELAYS_SECONDS[0]).toBe(10);
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++) expect(RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1]);
  });

  it("gives the delay after each failed attempt and null after the last", () => {
    expect(retryDelayMs(1, 1)).toBe(10_000);
    expect(retryDelayMs(2, 1)).toBe(60_000);
    expect(retryDelayMs(10, 1)).toBe(86_400_000);
    expect(retryDelayMs(MAX_ATTEMPTS, 1)).toBeNull();
  });

  it("scales with WEBHOOK_RETRY_SCALE, read on each call", () => {
    delete process.env.WEBHOOK_RETRY_SCALE;
    expect(retryScale()).toBe(1);
    expect(retryDelayMs(1)).toBe(10_000);
    process.env.WEBHOOK_RETRY_SCALE = "0.001";
    expect(retryDelayMs(1)).toBe(10);
    expect(retryDelayMs(5)).toBe(7_200);
    process.env.WEBHOOK_RETRY_SCALE = "-1";
    expect(() => retryScale()).toThrow(/WEBHOOK_RETRY_SCALE/);
  });
});

describe("timeout", () => {
  it("defaults to 10 s and follows WEBHOOK_TIMEOUT_MS", () => {
    delete process.env.WEBHOOK_TIMEOUT_MS;
    expect(deliveryTimeoutMs()).toBe(10_000);
    process.env.WEBHOOK_TIMEOUT_MS = "250";
    expect(deliveryTimeoutMs()).toBe(250);
    process.env.WEBHOOK_TIMEOUT_MS = "0";
    expect(() => deliveryTimeoutMs()).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});

describe("delivery states", () => {
  it("makes succeeded and failed final and only the others attemptable", () => {
    expect(DELIVERY_TRANSITIONS.succeeded).toEqual([]);
    expect(DELIVERY_TRANSITIONS.failed).toEqual([]);
    expect(ATTEMPTABLE.sort()).toEqual(["pending", "retrying"]);
    expect(canMove("retrying", "retrying")).toBe(true);
    expect(canMove("succeeded", "retrying")).toBe(false);
    expect(canMove("failed", "succeeded")).toBe(false);
    expect(canMove("retrying", "pending")).toBe(false);
  });
});
