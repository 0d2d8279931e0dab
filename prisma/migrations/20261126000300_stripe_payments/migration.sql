-- CreateTable
CREATE TABLE "StripePayment" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paymentIntentId" TEXT,
    "refundId" TEXT,
    "refundReason" TEXT,
    "completedAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StripePayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StripePayment_sessionId_key" ON "StripePayment"("sessionId");

-- CreateIndex
CREATE INDEX "StripePayment_kind_objectId_idx" ON "StripePayment"("kind", "objectId");
