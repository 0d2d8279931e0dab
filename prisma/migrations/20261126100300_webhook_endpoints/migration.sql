-- Several webhook endpoints per owner (issue 14), endpoint health and disabling (issue 16), request headers per attempt.
-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "requestHeaders" TEXT;

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "endpointId" TEXT,
ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "recoveredAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "ownerType" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "primaryOf" TEXT,
    "url" TEXT,
    "secret" TEXT,
    "previousSecret" TEXT,
    "previousSecretUntil" TIMESTAMP(3),
    "eventTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "description" TEXT NOT NULL DEFAULT '',
    "failingSince" TIMESTAMP(3),
    "warnedAt" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEndpoint_primaryOf_key" ON "WebhookEndpoint"("primaryOf");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_ownerType_ownerId_idx" ON "WebhookEndpoint"("ownerType", "ownerId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

