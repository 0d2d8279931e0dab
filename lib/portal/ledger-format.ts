// How the money pages write amounts: whole units with thousands separators, signed changes, USDC from its
// micro-units (6 decimals), and times in UTC. Pure functions over the API's strings (never a float).

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "1234567" → "1,234,567"; "-15" → "−15" (a real minus sign). */
export const formatUnits = (units: string): string => (units.startsWith("-") ? `−${group(units.slice(1))}` : group(units));

/** A posting's change: "+15" or "−15". */
export const formatDelta = (units: string): string => (units.startsWith("-") ? formatUnits(units) : `+${formatUnits(units)}`);

/** USDC micro-units as dollars: "2500" → "0.0025", "75000" → "0.075", "1000000" → "1.00". */
export const formatUsdc = (micros: string | bigint): string => {
  const v = BigInt(micros);
  const sign = v < 0n ? "−" : "";
  const abs = v < 0n ? -v : v;
  const frac = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${group((abs / 1_000_000n).toString())}.${frac}`;
};

/** A time as "2026-11-26 07:05 UTC". */
export const formatWhen = (d: Date | string | null): string => {
  if (d === null) return "—";
  return `${(typeof d === "string" ? d : d.toISOString()).slice(0, 16).replace("T", " ")} UTC`;
};
