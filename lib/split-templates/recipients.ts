// A recipient list checked against its mode and stored in exact units: shares in ppm, amounts in cents.
import { normalizeEmail } from "../core/email.ts";
import { AppError, type ErrorDetail } from "../core/errors.ts";
import { centsToDollars, dollarsToCents, FULL_PPM, MAX_TOTAL_CENTS, percentToPpm, ppmToPercent } from "../fees/fees.ts";
import type { RecipientInput, SplitMode } from "./schemas.ts";

/** A recipient as stored (JSON: bigints as strings). */
export type StoredRecipient = { email: string | null; userRef: string | null; name: string; ppm: string | null; amountCents: string | null };

/**
 * Checks the recipients against the mode and returns them in exact units. Percentage mode: every recipient
 * has a percentage (> 0, ≤ 4 decimals) and they sum to exactly 100. Fixed mode: every recipient has an
 * amount (> 0, whole cents) and the amounts sum to at most MAX_TOTAL_CENTS. No recipient twice. Anything else is 400 INVALID_SPLIT naming each field.
 */
export const checkRecipients = (mode: SplitMode, recipients: RecipientInput[], field = "recipients"): StoredRecipient[] => {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const out = recipients.map((r, i) => {
    const at = `${field}.${i}`;
    const email = r.email === undefined ? null : normalizeEmail(r.email);
    const userRef = r.userRef?.trim() ?? null;
    const key = email ? `e:${email}` : `u:${userRef}`;
    if (seen.has(key)) details.push({ field: `${at}.${email ? "email" : "userRef"}`, message: "names a recipient already listed; list each recipient once" });
    seen.add(key);
    let ppm: bigint | null = null;
    let amountCents: bigint | null = null;
    if (mode === "percentage") {
      if (r.amount !== undefined) details.push({ field: `${at}.amount`, message: "is for fixed mode; give percentage in percentage mode" });
      if (r.percentage === undefined) details.push({ field: `${at}.percentage`, message: "is required in percentage mode" });
      else {
        ppm = percentToPpm(r.percentage);
        if (ppm === null || ppm === 0n) details.push({ field: `${at}.percentage`, message: "must be above 0 and at most 100, with at most 4 decimals" });
      }
    } else {
      if (r.percentage !== undefined) details.push({ field: `${at}.percentage`, message: "is for percentage mode; give amount in fixed mode" });
      if (r.amount === undefined) details.push({ field: `${at}.amount`, message: "is required in fixed mode (dollars)" });
      else {
        amountCents = dollarsToCents(r.amount);
        if (amountCents === null || amountCents === 0n)
          details.push({ field: `${at}.amount`, message: "must be a dollar amount above 0 in whole cents (at most 2 decimals)" });
      }
    }
    return { email, userRef, name: r.name ?? "", ppm: ppm === null ? null : String(ppm), amountCents: amountCents === null ? null : String(amountCents) };
  });
  if (mode === "percentage" && details.length === 0) {
    const sum = out.reduce((s, r) => s + BigInt(r.ppm!), 0n);
    if (sum !== FULL_PPM) details.push({ field, message: `percentages must sum to 100; they sum to ${ppmToPercent(sum)}` });
  }
  if (mode === "fixed" && details.length === 0) {
    const sum = out.reduce((s, r) => s + BigInt(r.amountCents!), 0n);
    if (sum > BigInt(MAX_TOTAL_CENTS)) details.push({ field, message: `the amounts must sum to at most ${MAX_TOTAL_CENTS} cents; they sum to ${sum} cents` });
  }
  if (details.length)
    throw new AppError("INVALID_SPLIT", `The recipients are not a valid ${mode} split: ${details.map((d) => `${d.field} ${d.message}`).join("; ")}.`, {
      details,
    });
  return out;
};

/** A stored recipient for the API. */
export const serializeRecipient = (r: StoredRecipient) => ({
  email: r.email,
  userRef: r.userRef,
  name: r.name,
  percentage: r.ppm === null ? null : ppmToPercent(BigInt(r.ppm)),
  amount: r.amountCents === null ? null : centsToDollars(BigInt(r.amountCents)),
});

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RECIPIENTS_ERRORS = ["INVALID_SPLIT"] as const satisfies readonly ErrorCode[];
