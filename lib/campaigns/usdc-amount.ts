// USDC amounts at the API edge are decimal numbers (5.5 = 5.5 USDC); inside they are micro-units (6 decimals).
import { MAX_UNITS } from "../http/schemas.ts";

const MICROS_PER_USDC = 1_000_000n;

/** The exact decimal number of a micro-unit amount: 5_500_000n → 5.5 (parsed from its decimal string, never divided as a float). */
export const microsToUsdc = (micros: bigint): number => {
  const sign = micros < 0n ? "-" : "";
  const abs = micros < 0n ? -micros : micros;
  return Number(`${sign}${abs / MICROS_PER_USDC}.${String(abs % MICROS_PER_USDC).padStart(6, "0")}`);
};

/**
 * The micro-units of a positive USDC amount given as a number or a decimal string, or an error message.
 * Parsed from its decimal text, so 0.1 is exactly 100000 micros; more than 6 decimals is refused, not rounded.
 */
export const parseUsdcAmount = (value: number | string): bigint | string => {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m) return "must be a positive USDC amount, for example 5 or 2.5";
  const frac = m[2] ?? "";
  if (frac.replace(/0+$/, "").length > 6) return "must have at most 6 decimals (USDC has 6), for example 0.000001";
  const micros = BigInt(m[1]) * MICROS_PER_USDC + BigInt(frac.replace(/0+$/, "").padEnd(6, "0") || "0");
  if (micros <= 0n) return "must be greater than 0";
  if (micros > MAX_UNITS) return `must be at most ${microsToUsdc(MAX_UNITS)} USDC`;
  return micros;
};
