import type { LinkSession, Prisma } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { getDb } from "../db/client.ts";
import { inPgTransaction } from "../db/pg-transaction.ts";
import { inSqlTransaction, type SqlClient } from "../db/transaction.ts";
import { utcSql } from "../db/utc.ts";
import { validateKey } from "../core/idempotency-key.ts";
import type { LinkScope } from "./link-scope.ts";
import { emitLinkEvent } from "./link-session-events.ts";
import { LINK_EVENTS, LINK_SESSION_LIFETIME_MS, LINK_SESSION_TRANSITIONS } from "./link-session-states.ts";
import { linkSessionUrl, newSessionKey } from "./link-session-url.ts";
import type { DbContext } from "../core/context.ts";

export type InitiateLinkSessionInput = {
  scope: LinkScope;
  /** pre-fills the sign-in form; a repeated initiation with the same email returns the pending session */
  email?: string | null;
  /** the Idempotency-Key header; a repeated initiation with the same key returns the pending session */
  idempotencyKey?: string;
  /** caller metadata echoed in webhooks as platform_metadata (business-level sessions) */
  metadata?: Prisma.InputJsonValue;
  now?: Date;
  /** the test clock the session lives on (its `now` is the clock's time): docs/decisions/test-clocks.md */
  testClockId?: string | null;
};

export type InitiatedLinkSession = { session: LinkSession; url: string; created: boolean };

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Any two initiations that could return the same session share at least one of these locks.
const lockNames = (scope: LinkScope, email: string | null, key: string | null): string[] => {
  const base = `link-initiate:${scope.namespace.type}:${scope.namespace.id}:${scope.environment}`;
  return [email === null ? null : `${base}:email:${email}`, key === null ? null : `${base}:key:${key}`].filter((n): n is string => n !== null).sort();
};

type Created = LinkSession & { created: boolean };

/**
 * The pending, unexpired session for the same Idempotency-Key, else the latest for the same email (the ones
 * isReusable accepts); when there is none, a new session. One statement, run under the caller's locks.
 */
const findOrCreate = async (tx: SqlClient, input: InitiateLinkSessionInput, email: string | null, key: string | null, now: Date): Promise<Created> => {
  const { scope } = input;
  const expiresAt = new Date(now.getTime() + LINK_SESSION_LIFETIME_MS);
  const metadata = input.metadata === undefined || input.metadata === null ? null : JSON.stringify(input.metadata);
  const [row] = await tx.$queryRaw<Created[]>`
    WITH existing AS (
      SELECT s.* FROM "LinkSession" s
      WHERE s."namespaceType" = ${scope.namespace.type} AND s."namespaceId" = ${scope.namespace.id} AND s."environment" = ${scope.environment}::"Environment"
        AND s."state" = ANY(${[...LINK_SESSION_TRANSITIONS.approve.from]}::text[]) AND s."expiresAt" > ${utcSql(now)}
        AND (s."idempotencyKey" = ${key}::text OR s."prefilledEmail" = ${email}::text)
        AND s."testClockId" IS NOT DISTINCT FROM ${input.testClockId ?? null}::text
      ORDER BY (s."idempotencyKey" = ${key}::text) IS TRUE DESC, s."createdAt" DESC
      LIMIT 1),
    created AS (
      INSERT INTO "LinkSession" ("id", "sessionKey", "namespaceType", "namespaceId", "environment", "ownerType", "ownerId", "prefilledEmail",
                                 "idempotencyKey", "metadata", "state", "expiresAt", "createdAt", "updatedAt", "testClockId")
      SELECT ${newId()}, ${newSessionKey(scope.environment)}, ${scope.namespace.type}, ${scope.namespace.id}, ${scope.environment}::"Environment",
             ${scope.owner.type}, ${scope.owner.id}, ${email}::text, ${key}::text, ${metadata}::jsonb, 'pending', ${utcSql(expiresAt)}, ${utcSql(now)}, ${utcSql(now)},
             ${input.testClockId ?? null}::text
      WHERE NOT EXISTS (SELECT 1 FROM existing)
      RETURNING *)
    SELECT *, false AS created FROM existing UNION ALL SELECT *, true AS created FROM created`;
  return row;
};

/**
 * Starts linking a player in the scope's namespace. Invariant: at most one pending, unexpired session
 * per namespace and email, and per namespace and Idempotency-Key: a repeat returns that session
 * (created false, answered with 200) instead of a new one. Concurrent repeats are serialized by
 * transaction-level advisory locks, so parallel calls never create two sessions. A new session
 * lives 24 hours and emits User.Account.Link.Started in the same transaction.
 *
 * Raw SQL only (SqlClient): called on the process-wide client, it runs on node-postgres's transaction path
 * (lib/db/pg-transaction.ts: named statements, no Prisma on the way; issue 32's lever for the link initiation), and
 * inside a caller's open transaction it joins it.
 */
export const initiateLinkSession = async (ctx: DbContext, input: InitiateLinkSessionInput): Promise<InitiatedLinkSession> => {
  const { scope } = input;
  const now = input.now ?? new Date();
  const email = input.email ? normalizeEmail(input.email) : null;
  const key = input.idempotencyKey === undefined ? null : validateKey(input.idempotencyKey);
  const run = <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => (ctx.db === getDb() ? inPgTransaction(fn) : inSqlTransaction(ctx.db, fn));
  return run(async (tx) => {
    // one statement takes them in the sorted order of the array (unnest keeps it), so two callers never wait in a cycle
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(n, 11)) FROM unnest(${lockNames(scope, email, key)}::text[]) AS n`;
    const { created, ...session } = await findOrCreate(tx, input, email, key, now);
    if (!created) return { session, url: linkSessionUrl(session.sessionKey), created: false };
    await emitLinkEvent({ ...ctx, db: tx }, { event: LINK_EVENTS.started, session });
    return { session, url: linkSessionUrl(session.sessionKey), created: true };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { IDEMPOTENCY_KEY_ERRORS } from "../core/idempotency-key.ts";
import { LINK_SESSION_STATES_ERRORS } from "./link-session-states.ts";
export const INITIATE_LINK_SESSION_ERRORS = [...IDEMPOTENCY_KEY_ERRORS, ...LINK_SESSION_STATES_ERRORS] as const satisfies readonly ErrorCode[];
