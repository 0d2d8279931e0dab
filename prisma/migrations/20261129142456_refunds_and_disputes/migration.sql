-- Refunds and disputes (issue 31)
ALTER TABLE "Game" ADD COLUMN "refundClawback" BOOLEAN NOT NULL DEFAULT true;

ALTER TABLE "Purchase" ADD COLUMN "paymentIntentId" TEXT,
ADD COLUMN "refundedAmount" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "disputeStatus" TEXT;
CREATE INDEX "Purchase_paymentIntentId_idx" ON "Purchase"("paymentIntentId");

ALTER TABLE "ProductKey" ADD COLUMN "revokedAt" TIMESTAMP(3);

ALTER TABLE "Invoice" ADD COLUMN "refundedCents" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "disputeStatus" TEXT;

CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "gameId" TEXT,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "note" TEXT,
    "provider" TEXT NOT NULL,
    "externalId" TEXT,
    "journalId" TEXT,
    "clawback" JSONB,
    "source" TEXT NOT NULL DEFAULT 'api',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Refund_objectType_objectId_createdAt_idx" ON "Refund"("objectType", "objectId", "createdAt");
CREATE INDEX "Refund_businessId_environment_createdAt_idx" ON "Refund"("businessId", "environment", "createdAt");

CREATE TABLE "Dispute" (
    "id" TEXT NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "gameId" TEXT,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "evidenceDueBy" TIMESTAMP(3),
    "clawback" JSONB,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Dispute_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Dispute_businessId_environment_status_idx" ON "Dispute"("businessId", "environment", "status");
