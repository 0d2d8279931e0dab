-- CreateTable
CREATE TABLE "FundSession" (
    "id" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "campaignId" TEXT,
    "distributionId" TEXT,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "platformId" TEXT NOT NULL,
    "createdByKeyId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedMicros" BIGINT,
    "paidMicros" BIGINT,
    "journalId" TEXT,
    "transactionHash" TEXT,
    "idempotencyKey" TEXT,
    "metadata" JSONB,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "expiredAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FundSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FundSession_sessionKey_key" ON "FundSession"("sessionKey");

-- CreateIndex
CREATE INDEX "FundSession_campaignId_status_idx" ON "FundSession"("campaignId", "status");

-- CreateIndex
CREATE INDEX "FundSession_distributionId_status_idx" ON "FundSession"("distributionId", "status");

-- CreateIndex
CREATE INDEX "FundSession_platformId_idempotencyKey_idx" ON "FundSession"("platformId", "idempotencyKey");
