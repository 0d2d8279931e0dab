// Brute-force and mail-bombing protection for the hosted auth forms. Each rule counts events under a key
// (a hash of the email, of the client's address, or of both, so the table holds neither) in `SignInThrottle`:
//   - failed sign-ins per (email, client address): four are free, then each failure makes that client wait
//     1, 2, 4, 8, then 15 minutes before its next attempt; the count starts over after an hour without a
//     failure, or when that client signs in. A stranger's guesses slow the stranger, not the owner, who signs
//     in from their own address at once (issue 26, finding 7);
//   - failed sign-ins per email over every address: a ceiling of 100 in an hour locks the email for 15
//     minutes, for everyone: it only stops a brute force spread over many addresses;
//   - failed sign-ins per address over every email: 20 in 15 minutes lock it for 15 minutes (spraying);
//   - mails requested (sign-up, password reset): 5 per email and 20 per address an hour.
// Unknown emails are counted like known ones, so a refusal reveals nothing about which emails have accounts.
// Rows are locked (SELECT … FOR UPDATE through an upsert) in one transaction with the work they guard, so
// parallel attempts cannot slip past a limit. The numbers and why: docs/decisions/security.md.
import { createHash } from "node:crypto";
import { parseEmail } from "../core/email.ts";
import type { DbContext } from "../core/context.ts";
import { AppError, type CodeWithStatus } from "../core/errors.ts";

type RuleBase = {
  /** the key prefix: one namespace per rule */
  name: string;
  /** the error code of the 429 */
  code: CodeWithStatus<429>;
  /** the first sentence of the 429; "Try again in N minutes." follows */
  refusal: string;
};
/** A ceiling: the max-th event within windowMs (from the first) locks the key for lockMs; the count then restarts. */
export type CeilingRule = RuleBase & { max: number; windowMs: number; lockMs: number };
/**
 * Growing delays: after the k-th failure in a row the key is locked for delaysMs[k - 1] (0: not at all; past
 * the end of the list, its last value). The count restarts after idleMs without a failure.
 */
export type DelayRule = RuleBase & { delaysMs: readonly number[]; idleMs: number };
export type ThrottleRule = CeilingRule | DelayRule;

const MINUTE = 60_000;

/** One client's failures on one email: four free, then 1, 2, 4, 8, 15, 15, … minutes; forgotten after an idle hour. */
export const SIGN_IN_PER_EMAIL_CLIENT: DelayRule = {
  name: "email-ip",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  delaysMs: [0, 0, 0, 0, 1 * MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 15 * MINUTE],
  idleMs: 60 * MINUTE,
  refusal: "Too many failed sign-ins for this email.",
};
/**
 * Every client's failures on one email: 100 in an hour lock it for 15 minutes. One client gets about 13
 * failures in its first hour and 4 an hour after that (the delays above), so this takes some eight clients
 * working together: a distributed brute force, held to about 100 guesses per 75 minutes.
 */
export const SIGN_IN_PER_EMAIL: CeilingRule = {
  name: "email-all",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  max: 100,
  windowMs: 60 * MINUTE,
  lockMs: 15 * MINUTE,
  refusal: "Too many failed sign-ins for this email.",
};
export const SIGN_IN_PER_IP: CeilingRule = {
  name: "ip",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  max: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  refusal: "Too many failed sign-ins from your network.",
};
export const MAIL_PER_EMAIL: CeilingRule = {
  name: "mail-email",
  code: "TOO_MANY_EMAIL_REQUESTS",
  max: 5,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  refusal: "Too many emails were requested for this address.",
};
export const MAIL_PER_IP: CeilingRule = {
  name: "mail-ip",
  code: "TOO_MANY_EMAIL_REQUESTS",
  max: 20,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  refusal: "Too many emails were requested from your network.",
};

/** The longest window, idle time or lock of any rule: rows idle for longer than this are stale. */
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

/** The lock after a delay rule's failures-th failure in a row (0: none). */
export const delayAfter = (rule: DelayRule, failures: number): number =>
  failures < 1 ? 0 : (rule.delaysMs[Math.min(failures, rule.delaysMs.length) - 1] ?? 0);

/**
 * Counts one event on each row. A ceiling's max-th within its window locks the key for lockMs; a delay
 * rule's k-th failure in a row locks it for its k-th delay (its windowStart is then the last failure's time).
 */
export const recordEvents = async (ctx: DbContext, { rows, now }: { rows: Throttle[]; now: Date }) => {
  for (const t of rows) {
    if ("delaysMs" in t.rule) {
      const failures = (now.getTime() - t.windowStart.getTime() > t.rule.idleMs ? 0 : t.failures) + 1;
      const delay = delayAfter(t.rule, failures);
      await ctx.db.signInThrottle.update({
        where: { emailHash: t.key },
        data: { failures, windowStart: now, lockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null },
      });
      continue;
    }
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

/** Deletes one key's count and lock. */
export const clearEvents = (ctx: DbContext, { rule, value }: { rule: ThrottleRule; value: string }) =>
  ctx.db.signInThrottle.deleteMany({ where: { emailHash: throttleKey(rule, value) } });

/** The value of a (normalized email, client address) key. */
const emailClient = (email: string, ip: string) => `${email}\n${ip}`;

/**
 * The rows a sign-in with this email from this address counts against: the address, and for a well-formed
 * email (known or not) the email over every address and the (email, address) pair.
 */
export const signInThrottleEntries = (email: string | null, ip: string): { rule: ThrottleRule; value: string }[] => [
  { rule: SIGN_IN_PER_IP, value: ip },
  ...(email
    ? [
        { rule: SIGN_IN_PER_EMAIL, value: email },
        { rule: SIGN_IN_PER_EMAIL_CLIENT, value: emailClient(email, ip) },
      ]
    : []),
];

/**
 * A successful sign-in clears that client's failures on the email, and nothing else: not the address's
 * (one good password does not excuse 19 guesses at other emails), not the email's ceiling (the owner's
 * success does not excuse strangers' guesses elsewhere).
 */
export const clearSignInFailures = (ctx: DbContext, { email, ip }: { email: string; ip: string }) =>
  clearEvents(ctx, { rule: SIGN_IN_PER_EMAIL_CLIENT, value: emailClient(email, ip) });

/**
 * The sign-in lock on this email, address or pair right now, if any, read without locking: lets the sign-in route
 * answer 429 before next-auth runs. The check under the row lock (verify-player-password.ts) stays the one
 * that counts.
 */
export const findSignInLock = async (
  ctx: DbContext,
  { email, ip, now = new Date() }: { email: unknown; ip: string; now?: Date },
): Promise<{ error: AppError; lockedUntil: Date } | null> => {
  const entries = signInThrottleEntries(parseEmail(email), ip);
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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const SIGN_IN_THROTTLE_ERRORS = ["TOO_MANY_EMAIL_REQUESTS", "TOO_MANY_SIGN_IN_ATTEMPTS"] as const satisfies readonly ErrorCode[];
