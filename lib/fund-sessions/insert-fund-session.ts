// The shared part of creating a campaign or a distribution fund session (not a service of its own: the two
// create services call it inside their transaction).
import type { PlatformContext } from "../core/context.ts";
import type { FundSession, Prisma } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { validateKey } from "../core/idempotency-key.ts";
import { useTestClock } from "../test-clocks/use-test-clock.ts";
import { newFundSessionKey } from "./fund-session-key.ts";

export type FundTarget = { targetType: "campaign"; campaignId: string } | { targetType: "distribution"; distributionId: string };

/**
 * The pending, unexpired session this platform created for `target` with the same Idempotency-Key (created
 * false: answered 200), else a new one (created true). Concurrent calls with one key are serialized by an
 * advisory lock, so they never create two sessions. Runs in the caller's transaction.
 */
export const insertFundSession = async (
  ctx: PlatformContext & { db: Prisma.TransactionClient },
  input: {
    target: FundTarget;
    businessId: string;
    lifetimeMs: number;
    requestedMicros: bigint | null;
    metadata?: Record<string, unknown>;
    /** the test clock the session lives on: its lifetime counts from the clock's time (docs/decisions/test-clocks.md) */
    testClock?: string;
  },
): Promise<{ session: FundSession; created: boolean }> => {
  const key = validateKey(ctx.idempotencyKey ?? "");
  const { platformId, keyId } = ctx.actor;
  const targetId = input.target.targetType === "campaign" ? input.target.campaignId : input.target.distributionId;
  const time = await useTestClock(ctx, input.testClock);
  const at = time.now;
  await ctx.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`fund-session:${platformId}:${ctx.scope.environment}:${targetId}:${key}`}, 12))`;
  const existing = await ctx.db.fundSession.findFirst({
    where: {
      platformId,
      idempotencyKey: key,
      environment: ctx.scope.environment,
      targetType: input.target.targetType,
      ...(input.target.targetType === "campaign" ? { campaignId: targetId } : { distributionId: targetId }),
      status: "pending",
      expiresAt: { gt: at },
      testClockId: time.testClockId,
    },
    orderBy: { createdAt: "desc" },
  });
  if (existing) return { session: existing, created: false };
  const session = await ctx.db.fundSession.create({
    data: {
      id: newId(),
      sessionKey: newFundSessionKey(ctx.scope.environment),
      targetType: input.target.targetType,
      campaignId: input.target.targetType === "campaign" ? targetId : null,
      distributionId: input.target.targetType === "distribution" ? targetId : null,
      businessId: input.businessId,
      environment: ctx.scope.environment,
      platformId,
      createdByKeyId: keyId,
      requestedMicros: input.requestedMicros,
      idempotencyKey: key,
      metadata: input.metadata as Prisma.InputJsonValue | undefined,
      expiresAt: new Date(at.getTime() + input.lifetimeMs),
      createdAt: at,
      testClockId: time.testClockId,
    },
  });
  return { session, created: true };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { IDEMPOTENCY_KEY_ERRORS } from "../core/idempotency-key.ts";
import { USE_TEST_CLOCK_ERRORS } from "../test-clocks/use-test-clock.ts";
export const INSERT_FUND_SESSION_ERRORS = [...IDEMPOTENCY_KEY_ERRORS, ...USE_TEST_CLOCK_ERRORS] as const satisfies readonly ErrorCode[];
