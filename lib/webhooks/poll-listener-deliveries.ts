import { setTimeout as sleep } from "node:timers/promises";
import type { DbContext } from "../core/context.ts";
import { AppError, conflict } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { Prisma } from "../db/generated/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { utcSql } from "../db/utc.ts";
import { headersFor } from "./deliver.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { LISTEN_LOOK_EVERY_MS, LISTEN_MAX_LOOKBACK_MS, LISTEN_MAX_WAIT_SECONDS, LISTENER_PENDING_ERROR, listenerUrl } from "./listener.ts";
import { ownerColumns, resolveEndpoint } from "./resolve-endpoint.ts";

export type PollListenerInput = {
  owner: WebhookOwner;
  /** the listener's session id (LISTENER_SESSION_PATTERN) */
  session: string;
  /** hand out test events created at or after this; none: from now (the listener's first call) */
  since?: Date;
  /** seconds to wait for an event when none is waiting (0: answer at once) */
  waitSeconds: number;
  limit: number;
  /** the key that called: a poll that waits stops handing out once it is revoked */
  keyId: string;
  signal?: AbortSignal;
};

export type ListenerDelivery = { deliveryId: string; eventId: string; event: string; createdAt: Date; headers: Record<string, string>; body: string };

type EventRow = { id: string; event: string; sequence: number; payload: string; createdAt: Date };

/** The secrets a delivery of the owner is signed with now: the primary endpoint's (the owner's webhookSecret, and the previous one during a rotation). */
const signingSecrets = async (ctx: DbContext, owner: WebhookOwner) => {
  const endpoint = await resolveEndpoint(ctx.db, owner);
  if (endpoint) return { secret: endpoint.secret, previousSecret: endpoint.previousSecret };
  const columns = await ownerColumns(ctx, { owner });
  if (!columns?.secret)
    throw conflict(
      "WEBHOOK_ENDPOINT_NOT_SET",
      `This ${owner.type} has no webhook signing secret yet, so nothing could be signed for a listener: set its webhook URL in the portal once (any public https URL; the secret is made then and shown there), then run npm run listen again.`,
    );
  return { secret: columns.secret, previousSecret: null };
};

const keyStillActive = async (ctx: DbContext, keyId: string): Promise<boolean> => {
  const key = await ctx.db.apiKey.findUnique({ where: { id: keyId }, select: { revokedAt: true, expiresAt: true } });
  return !!key && key.revokedAt === null && (key.expiresAt === null || key.expiresAt > new Date());
};

/**
 * Hands the owner's test events not yet handed to this session (created at or after `since`) to the listener,
 * oldest first, each as a delivery of its own: a WebhookDelivery (url listen://<session>, no endpoint) with its
 * one attempt (the request headers, signed exactly as deliverWebhook signs: headersFor with the owner's
 * primary secrets), both recorded "failed / no answer reported yet" until the listener reports the local
 * answer (recordListenerAttempt). The delivery is final from the start, so the worker, the per-object queues
 * and "recover all failed" (recoveredAt set) never touch it: the event's own deliveries to the configured
 * endpoints go on as before (a listener receives in addition, as `stripe listen` does). Live events are never
 * read. When none is waiting, it looks again every LISTEN_LOOK_EVERY_MS for up to `waitSeconds` (long polling).
 */
export const pollListenerDeliveries = async (
  ctx: DbContext,
  { owner, session, since, waitSeconds, limit, keyId, signal }: PollListenerInput,
): Promise<{ since: Date; deliveries: ListenerDelivery[] }> => {
  const now = new Date();
  const from = since ? new Date(Math.max(since.getTime(), now.getTime() - LISTEN_MAX_LOOKBACK_MS)) : now;
  const secrets = await signingSecrets(ctx, owner);
  // the first call of a session only says where it starts
  if (!since) return { since: from, deliveries: [] };
  const url = listenerUrl(session);
  const deadline = Date.now() + Math.min(waitSeconds, LISTEN_MAX_WAIT_SECONDS) * 1000;
  for (;;) {
    const deliveries = await inTransaction(ctx.db, async (tx) => {
      // one poll of a session at a time hands an event out (two would make two deliveries of it)
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${owner.type}:${owner.id}:${url}`}))`;
      const events = await tx.$queryRaw<EventRow[]>(Prisma.sql`
        SELECT e.id, e.event, e.sequence, e.payload, e."createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM "WebhookEvent" e
        WHERE e."ownerType" = ${owner.type} AND e."ownerId" = ${owner.id} AND e.environment = 'test'
          AND e."createdAt" >= ${utcSql(from)}
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id AND d.url = ${url})
        ORDER BY e."createdAt", e.id LIMIT ${limit}`);
      const out: ListenerDelivery[] = [];
      for (const e of events) {
        const deliveryId = newId();
        const headers = headersFor({ event: e, deliveryId, attempt: 1, endpoint: secrets });
        const at = new Date();
        await tx.webhookDelivery.create({
          data: {
            id: deliveryId,
            eventId: e.id,
            url,
            status: "failed",
            attempts: 1,
            nextAttemptAt: null,
            failureReason: LISTENER_PENDING_ERROR,
            // never sent again by "recover all failed": the event's own deliveries are the endpoint's
            recoveredAt: at,
            attemptLog: {
              create: { id: newId(), attempt: 1, statusCode: null, latencyMs: 0, error: LISTENER_PENDING_ERROR, requestHeaders: JSON.stringify(headers) },
            },
          },
        });
        out.push({ deliveryId, eventId: e.id, event: e.event, createdAt: e.createdAt, headers, body: e.payload });
      }
      return out;
    });
    if (deliveries.length > 0 || Date.now() >= deadline || signal?.aborted) return { since: from, deliveries };
    await sleep(LISTEN_LOOK_EVERY_MS);
    // a key revoked while its listener waits gets nothing more (its next call is 401)
    if (!(await keyStillActive(ctx, keyId))) throw new AppError("UNAUTHORIZED", "The API key was revoked.");
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const POLL_LISTENER_DELIVERIES_ERRORS = ["WEBHOOK_ENDPOINT_NOT_SET", "UNAUTHORIZED"] as const satisfies readonly ErrorCode[];
