-- Test clocks (docs/decisions/test-clocks.md)
CREATE TABLE "TestClock" (
    "id" TEXT NOT NULL,
    "ownerType" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT,
    "frozenTime" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TestClock_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "TestClock_ownerType_ownerId_createdAt_idx" ON "TestClock"("ownerType", "ownerId", "createdAt");

ALTER TABLE "CheckoutGrant" ADD COLUMN "testClockId" TEXT;
ALTER TABLE "LinkSession" ADD COLUMN "testClockId" TEXT;
ALTER TABLE "FundSession" ADD COLUMN "testClockId" TEXT;
ALTER TABLE "Invoice" ADD COLUMN "testClockId" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "testClockId" TEXT;
ALTER TABLE "Invoice" ADD COLUMN "pastDueAt" TIMESTAMP(3);
