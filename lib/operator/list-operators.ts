// `npm run operator -- list`: the operators, by email.
import type { DbContext } from "../core/context.ts";

/** Every operator, by email, with whether their second factor is enrolled and how many recovery codes are left. */
export const listOperators = async ({ db }: DbContext) =>
  (await db.operator.findMany({ orderBy: { email: "asc" } })).map((o) => ({
    email: o.email,
    enrolledAt: o.totpEnrolledAt,
    recoveryCodesLeft: o.recoveryCodeHashes.length,
    createdAt: o.createdAt,
  }));
