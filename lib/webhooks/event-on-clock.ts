import { Prisma } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import { queryPrepared } from "../db/prepared.ts";

/**
 * SQL: the event `e` (a "WebhookEvent" alias) is about an object on test clock `clockId`, or on any clock when
 * null: a link session, invoice, subscription or fund session on it, a purchase made on it (a server-side purchase
 * that named the clock), or a purchase of a grant or subscription on it (docs/decisions/test-clocks.md). Test-mode
 * objects only ever have a clock.
 */
export const eventOnClockSql = (clockId: string | null): Prisma.Sql => {
  const on = clockId === null ? Prisma.sql`"testClockId" IS NOT NULL` : Prisma.sql`"testClockId" = ${clockId}`;
  const onPurchase = clockId === null ? Prisma.sql`p."testClockId" IS NOT NULL` : Prisma.sql`p."testClockId" = ${clockId}`;
  return Prisma.sql`(
      (e."objectType" = 'link_session' AND e."objectId" IN (SELECT id FROM "LinkSession" WHERE ${on}))
      OR (e."objectType" = 'invoice' AND e."objectId" IN (SELECT id FROM "Invoice" WHERE ${on}))
      OR (e."objectType" = 'subscription' AND e."objectId" IN (SELECT id FROM "Subscription" WHERE ${on}))
      OR (e."objectType" = 'fund_session' AND e."objectId" IN (SELECT id FROM "FundSession" WHERE ${on}))
      OR (e."objectType" = 'purchase' AND e."objectId" IN (
        SELECT p.id FROM "Purchase" p
        WHERE ${onPurchase}
           OR p."grantId" IN (SELECT id FROM "CheckoutGrant" WHERE ${on})
           OR p."subscriptionId" IN (SELECT id FROM "Subscription" WHERE ${on}))))`;
};

/** Whether the event `eventId` is about an object on a test clock (its retries then wait for the clock). */
export const isEventOnClock = async (db: DbClient, eventId: string): Promise<boolean> => {
  const rows = await queryPrepared<{ one: number }>(db, Prisma.sql`SELECT 1 AS one FROM "WebhookEvent" e WHERE e.id = ${eventId} AND ${eventOnClockSql(null)}`);
  return rows.length > 0;
};
