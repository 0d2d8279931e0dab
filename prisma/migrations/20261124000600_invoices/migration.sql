-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "platformId" TEXT NOT NULL,
    "createdByKeyId" TEXT NOT NULL,
    "grantId" TEXT,
    "updatedByKeyId" TEXT,
    "invoiceNumber" TEXT NOT NULL,
    "receiverName" TEXT NOT NULL,
    "receiverEmail" TEXT,
    "recipientBusinessId" TEXT,
    "date" TIMESTAMP(3) NOT NULL,
    "dueDate" TIMESTAMP(3) NOT NULL,
    "payToTarget" TEXT NOT NULL DEFAULT 'BUSINESS',
    "items" JSONB NOT NULL,
    "fees" JSONB NOT NULL,
    "subtotalCents" BIGINT NOT NULL,
    "taxCents" BIGINT NOT NULL DEFAULT 0,
    "totalCents" BIGINT NOT NULL,
    "feeCents" BIGINT NOT NULL,
    "chargedCents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "note" TEXT NOT NULL DEFAULT '',
    "metadata" JSONB,
    "publicId" TEXT NOT NULL,
    "emailSuppressed" BOOLEAN NOT NULL DEFAULT false,
    "paymentMethod" TEXT,
    "paymentJournalId" TEXT,
    "sentAt" TIMESTAMP(3),
    "processingAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_publicId_key" ON "Invoice"("publicId");

-- CreateIndex
CREATE INDEX "Invoice_businessId_environment_status_createdAt_idx" ON "Invoice"("businessId", "environment", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_businessId_environment_invoiceNumber_key" ON "Invoice"("businessId", "environment", "invoiceNumber");
