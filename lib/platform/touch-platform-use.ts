import type { DbContext } from "../core/context.ts";

/** How stale `lastUsedAt` may get before a call writes it again: at most one write a minute per key or grant. */
const TOUCH_EVERY_MS = 60_000;

const stale = (at: Date | null, now: Date) => !at || now.getTime() - at.getTime() >= TOUCH_EVERY_MS;

/**
 * Records that a platform key (and the grant it acted under) was used: the "last activity" a business
 * admin sees on the Connected platforms page. Reads nothing: the caller passes the values it loaded, and
 * a write happens only when they are a minute old, guarded in SQL so concurrent calls write once.
 */
export const touchPlatformUse = async (
  { db }: DbContext,
  { key, grant, now }: { key: { id: string; lastUsedAt: Date | null }; grant: { id: string; lastUsedAt: Date | null } | null; now: Date },
): Promise<void> => {
  const before = new Date(now.getTime() - TOUCH_EVERY_MS);
  if (stale(key.lastUsedAt, now))
    await db.$executeRaw`UPDATE "ApiKey" SET "lastUsedAt" = ${now} WHERE "id" = ${key.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= ${before})`;
  if (grant && stale(grant.lastUsedAt, now))
    await db.$executeRaw`UPDATE "BusinessGrant" SET "lastUsedAt" = ${now} WHERE "id" = ${grant.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= ${before})`;
};
