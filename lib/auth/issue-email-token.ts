import { createHash, randomBytes } from "node:crypto";
import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";

/** What a mailed link lets its holder do. */
export type EmailTokenPurpose = "verify_email" | "reset_password";

/** How long a mailed link works. */
export const EMAIL_TOKEN_TTL_MS = 60 * 60_000;

/** Only this hash of a token is stored; the token itself exists in the mail alone. */
export const tokenHashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use token for a mailed link: 256 random bits, its SHA-256 stored with the purpose, the
 * email, what to apply when it is followed (a sign-up's password hash and name) and where to go back.
 */
export const issueEmailToken = async (
  ctx: DbContext,
  input: { purpose: EmailTokenPurpose; email: string; passwordHash?: string; name?: string; returnTo?: string | null; now?: Date },
): Promise<{ token: string; expiresAt: Date }> => {
  const token = randomBytes(32).toString("base64url");
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_TTL_MS);
  await ctx.db.emailToken.create({
    data: {
      id: newId(),
      purpose: input.purpose,
      email: input.email,
      tokenHash: tokenHashOf(token),
      passwordHash: input.passwordHash ?? null,
      name: input.name ?? null,
      returnTo: input.returnTo ?? null,
      expiresAt,
      createdAt: now,
    },
  });
  return { token, expiresAt };
};
