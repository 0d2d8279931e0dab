// How long until a moment, in words a person reads at a glance: "6 days 23 hours", "4 minutes", "less than a
// minute"; a moment already past is "now". Two units at most (the largest two that are not zero).

const UNITS: [ms: number, one: string, many: string][] = [
  [86_400_000, "day", "days"],
  [3_600_000, "hour", "hours"],
  [60_000, "minute", "minutes"],
];

export const timeLeft = (until: Date, from: Date): string => {
  let left = until.getTime() - from.getTime();
  if (left <= 0) return "now";
  if (left < 60_000) return "less than a minute";
  const parts: string[] = [];
  for (const [ms, one, many] of UNITS) {
    const n = Math.floor(left / ms);
    left -= n * ms;
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
    else if (parts.length) break;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
};
