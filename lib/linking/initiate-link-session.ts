import type { LinkSession, Prisma } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { validateKey } from "../core/idempotency-key.ts";
import type { LinkScope } from "./link-scope.ts";
import { emitLinkEvent } from "./link-session-events.ts";
import { isReusable, LINK_EVENTS, LINK_SESSION_LIFETIME_MS, LINK_SESSION_TRANSITIONS } from "./link-session-states.ts";
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
};

export type InitiatedLinkSession = { session: LinkSession; url: string; created: boolean };

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Any two initiations that could return the same session share at least one of these locks.
const lockNames = (scope: LinkScope, email: string | null, key: string | null): string[] => {
  const base = `link-initiate:${scope.namespace.type}:${scope.namespace.id}:${scope.environment}`;
  return [email === null ? null : `${base}:email:${email}`, key === null ? null : `${base}:key:${key}`].filter((n): n is string => n !== null).sort();
};

/** The pending, unexpired session for the same Idempotency-Key, else for the same email. */
const findReusable = async (tx: Prisma.TransactionClient, scope: LinkScope, email: string | null, key: string | null, now: Date) => {
  const or: Prisma.LinkSessionWhereInput[] = [...(key === null ? [] : [{ idempotencyKey: key }]), ...(email === null ? [] : [{ prefilledEmail: email }])];
  if (or.length === 0) return null;
  const candidates = await tx.linkSession.findMany({
    where: {
      namespaceType: scope.namespace.type,
      namespaceId: scope.namespace.id,
      environment: scope.environment,
      state: { in: [...LINK_SESSION_TRANSITIONS.approve.from] },
      expiresAt: { gt: now },
      OR: or,
    },
    orderBy: { createdAt: "desc" },
  });
  const reusable = candidates.filter((s) => isReusable(s, now));
  return reusable.find((s) => key !== null && s.idempotencyKey === key) ?? reusable[0] ?? null;
};

/**
 * Starts linking a player in the scope's namespace. Invariant: at most one pending, unexpired session
 * per namespace and email, and per namespace and Idempotency-Key: a repeat returns that session
 * (created false, answered with 200) instead of a new one. Concurrent repeats are serialized by
 * transaction-level advisory locks, so parallel calls never create two sessions. A new session
 * lives 24 hours and emits User.Account.Link.Started in the same transaction.
 */
export const initiateLinkSession = async (ctx: DbContext, input: InitiateLinkSessionInput): Promise<InitiatedLinkSession> => {
  const { scope } = input;
  const now = input.now ?? new Date();
  const email = input.email ? normalizeEmail(input.email) : null;
  const key = input.idempotencyKey === undefined ? null : validateKey(input.idempotencyKey);
  return inTransaction(ctx.db, async (tx) => {
    // one statement takes them in the sorted order of the array (unnest keeps it), so two callers never wait in a cycle
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(n, 11)) FROM unnest(${lockNames(scope, email, key)}::text[]) AS n`;
    const existing = await findReusable(tx, scope, email, key, now);
    if (existing) return { session: existing, url: linkSessionUrl(existing.sessionKey), created: false };
    const session = await tx.linkSession.create({
      data: {
        id: newId(),
        sessionKey: newSessionKey(scope.environment),
        namespaceType: scope.namespace.type,
        namespaceId: scope.namespace.id,
        environment: scope.environment,
        ownerType: scope.owner.type,
        ownerId: scope.owner.id,
        prefilledEmail: email,
        idempotencyKey: key,
        metadata: input.metadata,
        expiresAt: new Date(now.getTime() + LINK_SESSION_LIFETIME_MS),
        createdAt: now,
      },
    });
    await emitLinkEvent({ ...ctx, db: tx }, { event: LINK_EVENTS.started, session });
    return { session, url: linkSessionUrl(session.sessionKey), created: true };
  });
};
