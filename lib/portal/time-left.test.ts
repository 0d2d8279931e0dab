import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left.ts";

const from = new Date("2026-11-29T12:00:00Z");
const at = (ms: number) => new Date(from.getTime() + ms);

describe("timeLeft", () => {
  it("says the two largest units left, singular and plural", () => {
    expect(timeLeft(at(7 * 86_400_000 - 3_600_000), from)).toBe("6 days 23 hours");
    expect(timeLeft(at(86_400_000 + 60_000), from)).toBe("1 day");
    expect(timeLeft(at(3_600_000 + 5 * 60_000 + 10_000), from)).toBe("1 hour 5 minutes");
    expect(timeLeft(at(4 * 60_000 + 59_000), from)).toBe("4 minutes");
  });
  it("says less than a minute, and now for a moment past", () => {
    expect(timeLeft(at(30_000), from)).toBe("less than a minute");
    expect(timeLeft(at(0), from)).toBe("now");
    expect(timeLeft(at(-5000), from)).toBe("now");
    expect(timeLeft(at(7 * 86_400_000 - 3_600_000), from, "fr")).toBe("6 jours 23 heures");
    expect(timeLeft(at(86_400_000 + 60_000), from, "fr")).toBe("1 jour");
    expect(timeLeft(at(30_000), from, "fr")).toBe("moins d’une minute");
  });
});
