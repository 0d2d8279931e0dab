// What a business-linked player sends on /account/verification (the identity verification the spec's
// `kycUrl` opens): their legal name, date of birth (an adult's), and their address with its country. Stored as
// PlayerCompliance.details, shown only to the player and to the instance's operators.
import { z } from "zod";
import { NonEmpty } from "../core/schemas.ts";
import { AddressInput } from "../businesses/schemas.ts";

/** The youngest a player may be to verify their identity. */
export const ADULT_AGE = 18;

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is `ADULT_AGE` or older on `today` (UTC). */
export const isAdultOn = (dateOfBirth: string, today: Date): boolean => {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const birthday = Date.UTC(y + ADULT_AGE, m - 1, d);
  return birthday <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
};

const realDate = (s: string): boolean => {
  const [y, m, d] = s.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1900;
};

/** The details as checked on `today`: every field named when wrong. */
export const complianceDetailsSchema = (today: Date) =>
  z.object({
    legalName: NonEmpty(200).describe("The player's full legal name, as on their identity document."),
    dateOfBirth: z
      .string("must be a date")
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
      .refine(realDate, "must be a real date after 1900")
      .refine((s) => isAdultOn(s, today), `must be at least ${ADULT_AGE} years ago: verification is for adults`),
    // a player's address: the state or region is optional (many countries have none)
    address: AddressInput.extend({ state: z.string("must be a string").trim().max(100, "must be at most 100 characters").optional() }),
  });

export type ComplianceDetails = z.output<ReturnType<typeof complianceDetailsSchema>>;
