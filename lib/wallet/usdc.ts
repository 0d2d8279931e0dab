// USDC amounts: micro-units (6 decimals) inside, decimal strings outside ("12.50").
export const MICROS_PER_USDC = 1_000_000n;
/** One US cent in USDC micro-units: prices in cents pay 1:1 in USDC. */
export const MICROS_PER_CENT = 10_000n;

/** "12.50" for 12_500_000n: at least two decimals, at most six, trailing zeros past the second dropped. */
export const formatUsdc = (micros: bigint): string => {
  const sign = micros < 0n ? "-" : "";
  const abs = micros < 0n ? -micros : micros;
  const whole = abs / MICROS_PER_USDC;
  const frac = (abs % MICROS_PER_USDC).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${whole}.${frac}`;
};

/** Micro-units of a positive decimal string with at most 6 decimals ("12.5" → 12_500_000n); null when malformed. */
export const parseUsdc = (value: string): bigint | null => {
  const m = /^([0-9]{1,12})(?:\.([0-9]{1,6}))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1]) * MICROS_PER_USDC + BigInt((m[2] ?? "").padEnd(6, "0") || "0");
};
