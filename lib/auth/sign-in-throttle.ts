// Brute-force and mail-bombing protection for the hosted auth forms. Each rule counts events under a key
// (a hash of the email or of the client's address, so the table holds neither) in `SignInThrottle`:
//   - failed sign-ins: 5 per email and 20 per address in 15 minutes, each then locked for 15 minutes;
//   - mails requested (sign-up, password reset): 5 per email and 20 per address an hour.
// Unknown emails are counted like known ones, so a refusal reveals nothing about which emails have accounts.
// Rows are locked (SELECT … FOR UPDATE through an upsert) in one transaction with the work they guard, so
// parallel attempts cannot slip past a limit.
import { createHash } from "node:crypto";
import { parseEmail } from "../core/email.ts";
import type { DbContext } from "../core/context.ts";
import { AppError, type CodeWithStatus } from "../core/errors.ts";

export type ThrottleRule = {
  /** the key prefix: one namespace per rule */
  name: string;
  /** events within the window that lock the key */
  max: number;
  windowMs: number;
  lockMs: number;
  /** the error code of the 429 */
  code: CodeWithStatus<429>;
  /** the first sentence of the 429; "Try again in N minutes." follows */
  refusal: string;
};

const MINUTE = 60_000;

export const SIGN_IN_PER_EMAIL: ThrottleRule = {
  name: "email",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  refusal: "Too many failed sign-ins for this email.",
};
export const SIGN_IN_PER_IP: ThrottleRule = {
  name: "ip",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  max: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  refusal: "Too many failed sign-ins from your network.",
};
export const MAIL_PER_EMAIL: ThrottleRule = {
  name: "mail-email",
  code: "TOO_MANY_EMAIL_REQUESTS",
  max: 5,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  refusal: "Too many emails were requested for this address.",
};
export const MAIL_PER_IP: ThrottleRule = {
  name: "mail-ip",
  code: "TOO_MANY_EMAIL_REQUESTS",
  max: 20,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  refusal: "Too many emails were requested from your network.",
};

/** The longest window or lock of any rule: rows idle for longer than this are stale. */
export const THROTTLE_RETENTION_MS = 60 * MINUTE;

type Throttle = { key: string; rule: ThrottleRule; failures: number; windowStart: Date; lockedUntil: Date | null };

/** `<rule>:<sha256>`: the value (a normalized email or an address) never reaches the table. */
export const throttleKey = (rule: ThrottleRule, value: string): string =>
  `${rule.name}:${createHash("sha256").update(`coinop:throttle:${rule.name}:${value}`).digest("hex")}`;

/**
 * The throttle rows of the given rules and values, locked for this transaction (created when missing),
 * in key order so two transactions never wait on each other in opposite orders.
 */
export const lockThrottles = async (ctx: DbContext, { entries }: { entries: { rule: ThrottleRule; value: string }[] }): Promise<Throttle[]> => {
  const keyed = entries.map((e) => ({ ...e, key: throttleKey(e.rule, e.value) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows: Throttle[] = [];
  for (const { rule, key } of keyed) {
    const [row] = await ctx.db.$queryRaw<{ failures: number; windowStart: Date; lockedUntil: Date | null }[]>`
      INSERT INTO "SignInThrottle" ("emailHash", "failures", "windowStart", "updatedAt") VALUES (${key}, 0, now(), now())
      ON CONFLICT ("emailHash") DO UPDATE SET "updatedAt" = now()
      RETURNING "failures", "windowStart", "lockedUntil"`;
    rows.push({ key, rule, ...row! });
  }
  return entries.map((e) => rows.find((r) => r.key === throttleKey(e.rule, e.value))!);
};

/** The 429 of a locked key: what happened and when to try again. */
export const throttledError = (rule: ThrottleRule, lockedUntil: Date, now: Date): AppError => {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE));
  return new AppError(rule.code, `${rule.refusal} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
};

/** 429 while any of the rows is locked (the longest lock answers). */
export const assertNotLocked = (rows: Throttle[], now: Date) => {
  const locked = rows.filter((t) => t.lockedUntil && t.lockedUntil > now).sort((a, b) => b.lockedUntil!.getTime() - a.lockedUntil!.getTime());
  if (locked[0]) throw throttledError(locked[0].rule, locked[0].lockedUntil!, now);
};

/** Counts one event on each row; the rule's max-th within its window locks the key for lockMs. */
export const recordEvents = async (ctx: DbContext, { rows, now }: { rows: Throttle[]; now: Date }) => {
  for (const t of rows) {
    const fresh = now.getTime() - t.windowStart.getTime() > t.rule.windowMs;
    const failures = (fresh ? 0 : t.failures) + 1;
    const locked = failures >= t.rule.max;
    await ctx.db.signInThrottle.update({
      where: { emailHash: t.key },
      data: {
        failures: locked ? 0 : failures,
        windowStart: fresh ? now : t.windowStart,
        lockedUntil: locked ? new Date(now.getTime() + t.rule.lockMs) : t.lockedUntil,
      },
    });
  }
};

/** A successful sign-in clears the email's count (not the address's: one good password does not excuse 19 guesses). */
export const clearEvents = (ctx: DbContext, { rule, value }: { rule: ThrottleRule; value: string }) =>
  ctx.db.signInThrottle.deleteMany({ where: { emailHash: throttleKey(rule, value) } });

/**
 * The sign-in lock on this email or address right now, if any, read without locking: lets the sign-in route
 * answer 429 before next-auth runs. The check under the row lock (verify-player-password.ts) stays the one
 * that counts.
 */
export const findSignInLock = async (
  ctx: DbContext,
  { email, ip, now = new Date() }: { email: unknown; ip: string; now?: Date },
): Promise<{ error: AppError; lockedUntil: Date } | null> => {
  const normalized = parseEmail(email);
  const entries = [{ rule: SIGN_IN_PER_IP, value: ip }, ...(normalized ? [{ rule: SIGN_IN_PER_EMAIL, value: normalized }] : [])];
  const keys = entries.map((e) => throttleKey(e.rule, e.value));
  const top = await ctx.db.signInThrottle.findFirst({ where: { emailHash: { in: keys }, lockedUntil: { gt: now } }, orderBy: { lockedUntil: "desc" } });
  if (!top?.lockedUntil) return null;
  return { error: throttledError(entries[keys.indexOf(top.emailHash)]!.rule, top.lockedUntil, now), lockedUntil: top.lockedUntil };
};

/** Deletes rows idle past every window and lock (a maintenance job). */
export const pruneThrottles = (ctx: DbContext, { now = new Date() }: { now?: Date } = {}) =>
  ctx.db.signInThrottle.deleteMany({
    where: { updatedAt: { lt: new Date(now.getTime() - THROTTLE_RETENTION_MS) }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
  });
