import { Prisma } from "./generated/client.ts";

/**
 * A time as the value of a `timestamp` column in raw SQL. The columns hold UTC wall time (as Prisma writes
 * them), so a raw statement writes `at` the same way, whatever the server's or the session's time zone.
 */
export const utcSql = (at: Date): Prisma.Sql => Prisma.sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
