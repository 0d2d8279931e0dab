-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "imageUrl" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "stoppedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "checkoutTheme" JSONB;

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "emailHash" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("emailHash")
);

-- CreateTable
CREATE TABLE "LinkInvite" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "namespaceType" TEXT NOT NULL,
    "namespaceId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "ownerType" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "label" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "maxUses" INTEGER,
    "currentUses" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LinkInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignOperation" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "amountMicros" BIGINT,
    "journalId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "CampaignOperation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignTransaction" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "userRef" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "eventCode" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "payoutMicros" BIGINT NOT NULL,
    "journalId" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "baseGameRequirementText" TEXT NOT NULL DEFAULT '',
    "priceCents" INTEGER,
    "imageUrl" TEXT NOT NULL DEFAULT '',
    "fulfillmentType" TEXT NOT NULL DEFAULT 'NONE',
    "grantCurrencyId" TEXT,
    "grantAmountUnits" BIGINT,
    "isVisible" BOOLEAN NOT NULL DEFAULT true,
    "isPriceVisible" BOOLEAN NOT NULL DEFAULT true,
    "forSale" BOOLEAN NOT NULL DEFAULT true,
    "perUserLimit" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'active',
    "creatorType" TEXT NOT NULL DEFAULT 'game',
    "creatorUserRef" TEXT,
    "creatorPlayerId" TEXT,
    "reviewNote" TEXT,
    "submittedAt" TIMESTAMP(3),
    "reviewedAt" TIMESTAMP(3),
    "metadata" JSON NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductVcPrice" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "currencyId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "ProductVcPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductKey" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "purchaseId" TEXT,
    "assignedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deal" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "currencyId" TEXT,
    "overridePrice" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "metadata" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Purchase" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "productId" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "playerId" TEXT,
    "userRef" TEXT,
    "grantId" TEXT,
    "grantUserRef" TEXT,
    "checkoutSessionId" TEXT,
    "subscriptionId" TEXT,
    "paymentMethod" TEXT,
    "paymentProvider" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "currencyId" TEXT,
    "amount" BIGINT NOT NULL DEFAULT 0,
    "priceInCents" INTEGER NOT NULL DEFAULT 0,
    "taxAmountInCents" INTEGER NOT NULL DEFAULT 0,
    "dealCode" TEXT,
    "affiliateCode" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "isPaid" BOOLEAN NOT NULL DEFAULT false,
    "fulfillmentStatus" TEXT NOT NULL DEFAULT 'pending',
    "journalId" TEXT,
    "deliveredKey" TEXT,
    "feeRate" JSONB,
    "feeName" TEXT,
    "payouts" JSONB,
    "metadata" JSON,
    "checkoutMetadata" JSON,
    "externalId" TEXT,
    "failureMessage" TEXT,
    "renewalPeriodEnd" TIMESTAMP(3),
    "keyEmailStatus" TEXT,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Purchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckoutGrant" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "productId" TEXT NOT NULL,
    "userRef" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "email" TEXT,
    "checkoutMetadata" JSON,
    "customMessage" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "purchaseId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "expiredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckoutGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckoutSession" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "productId" TEXT NOT NULL,
    "dealCode" TEXT,
    "checkoutMethod" TEXT,
    "redirectUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "purchaseId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckoutSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "productId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "userRef" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'Active',
    "planCode" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "paymentMethod" TEXT NOT NULL,
    "currencyId" TEXT,
    "amount" BIGINT NOT NULL,
    "currentPeriodEnd" TIMESTAMP(3) NOT NULL,
    "lastChargeStatus" TEXT,
    "lastChargeError" TEXT,
    "failedCharges" INTEGER NOT NULL DEFAULT 0,
    "nextChargeAt" TIMESTAMP(3),
    "canceledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LinkInvite_code_key" ON "LinkInvite"("code");

-- CreateIndex
CREATE INDEX "LinkInvite_namespaceType_namespaceId_status_idx" ON "LinkInvite"("namespaceType", "namespaceId", "status");

-- CreateIndex
CREATE INDEX "CampaignOperation_campaignId_createdAt_idx" ON "CampaignOperation"("campaignId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignTransaction_journalId_key" ON "CampaignTransaction"("journalId");

-- CreateIndex
CREATE INDEX "CampaignTransaction_campaignId_userRef_createdAt_idx" ON "CampaignTransaction"("campaignId", "userRef", "createdAt");

-- CreateIndex
CREATE INDEX "Product_gameId_environment_status_createdAt_id_idx" ON "Product"("gameId", "environment", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Product_gameId_environment_createdAt_id_idx" ON "Product"("gameId", "environment", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Product_gameId_creatorUserRef_createdAt_id_idx" ON "Product"("gameId", "creatorUserRef", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ProductVcPrice_productId_currencyId_key" ON "ProductVcPrice"("productId", "currencyId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductKey_purchaseId_key" ON "ProductKey"("purchaseId");

-- CreateIndex
CREATE INDEX "ProductKey_productId_purchaseId_createdAt_idx" ON "ProductKey"("productId", "purchaseId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Deal_productId_code_key" ON "Deal"("productId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "Purchase_externalId_key" ON "Purchase"("externalId");

-- CreateIndex
CREATE INDEX "Purchase_gameId_userRef_createdAt_idx" ON "Purchase"("gameId", "userRef", "createdAt");

-- CreateIndex
CREATE INDEX "Purchase_productId_playerId_status_idx" ON "Purchase"("productId", "playerId", "status");

-- CreateIndex
CREATE INDEX "CheckoutGrant_status_expiresAt_idx" ON "CheckoutGrant"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutSession_token_key" ON "CheckoutSession"("token");

-- CreateIndex
CREATE INDEX "Subscription_gameId_userRef_idx" ON "Subscription"("gameId", "userRef");

-- CreateIndex
CREATE INDEX "Subscription_status_currentPeriodEnd_idx" ON "Subscription"("status", "currentPeriodEnd");

-- AddForeignKey
ALTER TABLE "ProductVcPrice" ADD CONSTRAINT "ProductVcPrice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductKey" ADD CONSTRAINT "ProductKey_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
