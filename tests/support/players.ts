// Players for tests of the hosted sign-in: accounts with a password (as a finished sign-up leaves them),
// guests without one, client addresses, and the mails the outbox kept for an address.
import { randomBytes } from "node:crypto";
import { getDb } from "../../lib/db/client.ts";
import { newId } from "../../lib/db/ids.ts";
import { hashPassword } from "../../lib/auth/password-hash.ts";

export const uniquePlayerEmail = (tag = "p") => `${tag}-${randomBytes(5).toString("hex")}@example.com`;

/** A distinct client address per call, so per-address limits of one test do not reach another. */
export const uniqueIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A player with a verified email and `password` (argon2), or a guest without a password when it is null. */
export const makePlayer = async ({ email = uniquePlayerEmail(), password = "password-123" as string | null, name = "" } = {}) =>
  getDb().player.create({
    data: {
      id: newId(),
      email,
      name,
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerifiedAt: password === null ? null : new Date(),
    },
  });

/** The mails the outbox (no SMTP_URL) holds for `to`, oldest first. */
export const mailsTo = (to: string) => getDb().mailMessage.findMany({ where: { to }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** The token of the /account/verify/… or /account/reset/… link in a mail's text. */
export const linkTokenIn = (text: string, kind: "verify" | "reset"): string => {
  const m = new RegExp(`/account/${kind}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no /account/${kind}/ link in:\n${text}`);
  return m[1]!;
};
