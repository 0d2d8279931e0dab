import { afterEach, describe, expect, it, vi } from "vitest";
import { config, envChanged } from "./env.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.unstubAllEnvs();
  envChanged();
});

describe("config()", () => {
  it("under vitest, sees a variable changed a moment ago, even with NODE_ENV=production", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("EMAIL_FROM", "One <one@example.test>");
    expect(config().EMAIL_FROM).toBe("One <one@example.test>");
    vi.stubEnv("EMAIL_FROM", "Two <two@example.test>");
    expect(config().EMAIL_FROM).toBe("Two <two@example.test>");
  });

  it("in a production server, reads the environment once per turn of the event loop, and at once after envChanged()", async () => {
    vi.stubEnv("VITEST", undefined);
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("EMAIL_FROM", "One <one@example.test>");
    envChanged();
    expect(config().EMAIL_FROM).toBe("One <one@example.test>");
    vi.stubEnv("EMAIL_FROM", "Two <two@example.test>");
    // the same turn: the settings read at its start
    expect(config().EMAIL_FROM).toBe("One <one@example.test>");
    await nextTurn();
    expect(config().EMAIL_FROM).toBe("Two <two@example.test>");
    vi.stubEnv("EMAIL_FROM", "Three <three@example.test>");
    envChanged();
    expect(config().EMAIL_FROM).toBe("Three <three@example.test>");
  });

  it("outside production (scripts, npm run dev), reads it on every call", () => {
    vi.stubEnv("VITEST", undefined);
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("EMAIL_FROM", "One <one@example.test>");
    expect(config().EMAIL_FROM).toBe("One <one@example.test>");
    vi.stubEnv("EMAIL_FROM", "Two <two@example.test>");
    expect(config().EMAIL_FROM).toBe("Two <two@example.test>");
  });
});
