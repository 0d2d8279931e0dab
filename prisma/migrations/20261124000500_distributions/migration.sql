-- CreateTable
CREATE TABLE "DistributionPricing" (
    "businessId" TEXT NOT NULL,
    "feeType" TEXT NOT NULL DEFAULT 'flat_rate_plus_percentage',
    "ppm" BIGINT NOT NULL DEFAULT 0,
    "flatCents" BIGINT NOT NULL DEFAULT 0,
    "label" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DistributionPricing_pkey" PRIMARY KEY ("businessId")
);

-- CreateTable
CREATE TABLE "SplitTemplate" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "platformId" TEXT NOT NULL,
    "createdByKeyId" TEXT NOT NULL,
    "updatedByKeyId" TEXT,
    "name" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "recipients" JSONB NOT NULL,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SplitTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Distribution" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "platformId" TEXT NOT NULL,
    "createdByKeyId" TEXT NOT NULL,
    "grantId" TEXT,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "payoutPath" TEXT NOT NULL DEFAULT 'partner',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "totalAmountCents" BIGINT NOT NULL,
    "totalFeeCents" BIGINT NOT NULL,
    "feeLineItems" JSONB NOT NULL,
    "templateId" TEXT,
    "memo" TEXT NOT NULL DEFAULT '',
    "fundedMicros" BIGINT NOT NULL DEFAULT 0,
    "cancelledAt" TIMESTAMP(3),
    "cancelledByKeyId" TEXT,
    "fundedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Distribution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DistributionLineItem" (
    "id" TEXT NOT NULL,
    "distributionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "email" TEXT,
    "userRef" TEXT,
    "name" TEXT NOT NULL DEFAULT '',
    "playerId" TEXT,
    "method" TEXT NOT NULL,
    "ppm" BIGINT,
    "amountCents" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "claimCodeHash" TEXT,
    "claimedAt" TIMESTAMP(3),
    "claimedByPlayerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DistributionLineItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SplitTemplate_businessId_environment_isArchived_createdAt_idx" ON "SplitTemplate"("businessId", "environment", "isArchived", "createdAt");

-- CreateIndex
CREATE INDEX "Distribution_businessId_environment_status_createdAt_idx" ON "Distribution"("businessId", "environment", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DistributionLineItem_claimCodeHash_key" ON "DistributionLineItem"("claimCodeHash");

-- CreateIndex
CREATE UNIQUE INDEX "DistributionLineItem_distributionId_position_key" ON "DistributionLineItem"("distributionId", "position");

-- AddForeignKey
ALTER TABLE "DistributionLineItem" ADD CONSTRAINT "DistributionLineItem_distributionId_fkey" FOREIGN KEY ("distributionId") REFERENCES "Distribution"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
