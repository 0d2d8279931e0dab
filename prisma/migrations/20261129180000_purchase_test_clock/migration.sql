-- A server-side purchase can name a test clock; the subscription it starts lives on it (docs/decisions/purchase-test-clock.md)
ALTER TABLE "Purchase" ADD COLUMN "testClockId" TEXT;
