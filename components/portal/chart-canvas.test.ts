// The server-drawn charts' value axis (chart-canvas.tsx): steps on "nice" values, a range from 0 (or below 0
// where units are spent) to the top of the largest day (stacked series add up), rates always 0–100 %; and
// the dashboard's numbers in each language (dashboard-format.ts).
import { describe, expect, it } from "vitest";
import { chartDomain, niceStep } from "./chart-canvas";
import { formatDay, formatTick, formatValue } from "./dashboard-format";

const series = (values: (number | null)[], down = false) => ({ key: String(Math.random()), label: "", color: "#000", values, down });

describe("the charts' value axis", () => {
  it("steps on 1, 2, 2.5 or 5 × 10^k", () => {
    expect([niceStep(12), niceStep(80), niceStep(3), niceStep(0), niceStep(1900)]).toEqual([5, 20, 1, 1, 500]);
  });

  it("covers the largest day, stacking several bar series, and spent units below 0", () => {
    expect(chartDomain("bar", "count", 3, [series([3, 11, 7])])).toEqual({ min: 0, max: 15, ticks: [0, 5, 10, 15] });
    // revenue: USD 60 + USDC 12 on one day stack to 72
    expect(chartDomain("bar", "usdc", 2, [series([60, 10]), series([12, 0])]).max).toBe(80);
    // issued above, spent below: 1900 up, 400 down
    const vc = chartDomain("bar", "count", 2, [series([1900, 100]), series([50, 400], true)]);
    expect([vc.min, vc.max]).toEqual([-1000, 2000]);
    expect(vc.ticks).toEqual([-1000, 0, 1000, 2000]);
    expect(chartDomain("line", "percent", 2, [series([null, 40])])).toEqual({ min: 0, max: 100, ticks: [0, 25, 50, 75, 100] });
    // nothing at all: still one step, never a range of zero
    expect(chartDomain("bar", "count", 2, [series([0, 0])])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });
});

describe("the dashboard's numbers", () => {
  it("in English and French", () => {
    expect(formatValue(903.65, "usd", "en")).toBe("$903.65");
    expect(formatValue(903.65, "usd", "fr")).toBe("903,65\u00a0$US");
    expect(formatValue(84.83, "usdc", "fr")).toBe("84,83 USDC");
    expect(formatValue(12.345, "percent", "en")).toBe("12.3%");
    expect(formatValue(12.345, "percent", "fr")).toBe("12,3\u00a0%");
    expect(formatValue(31950, "count", "fr")).toBe("31\u202f950");
    expect(formatValue(null, "count", "fr")).toBe("—");
    expect(formatDay("2026-11-03", "en")).toBe("Nov 3");
    expect(formatDay("2026-11-03", "fr")).toBe("3 nov.");
    expect(formatTick(2000, "count", "en")).toBe("2K");
    expect(formatTick(50, "percent", "fr")).toBe("50\u00a0%");
  });
});
