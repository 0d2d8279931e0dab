-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "kybApplication" JSONB,
ADD COLUMN     "kybDecidedAt" TIMESTAMP(3),
ADD COLUMN     "kybNote" TEXT,
ADD COLUMN     "kybSubmittedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Platform" ADD COLUMN     "ownerBusinessId" TEXT;

-- AlterTable
ALTER TABLE "PlatformScopeRequest" ADD COLUMN     "decidedBy" TEXT,
ADD COLUMN     "note" TEXT;

-- AlterTable
ALTER TABLE "PlayerCompliance" ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "details" JSONB,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "submittedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "VerificationDocument" (
    "id" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "uploadedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VerificationDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Operator" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "totpSecret" TEXT,
    "pendingTotpSecret" TEXT,
    "totpEnrolledAt" TIMESTAMP(3),
    "recoveryCodeHashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "lastTotpStep" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Operator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorAction" (
    "id" TEXT NOT NULL,
    "operatorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "details" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OperatorAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VerificationDocument_subjectType_subjectId_idx" ON "VerificationDocument"("subjectType", "subjectId");

-- CreateIndex
CREATE UNIQUE INDEX "Operator_email_key" ON "Operator"("email");

-- CreateIndex
CREATE INDEX "OperatorAction_createdAt_idx" ON "OperatorAction"("createdAt");

-- CreateIndex
CREATE INDEX "OperatorAction_objectType_objectId_idx" ON "OperatorAction"("objectType", "objectId");

-- A business that already runs live when activation begins keeps running: one with a live game or campaign, or one
-- a platform created in live (its live invoices, distributions and fund sessions go through the platform). It is
-- approved here, with a note saying why (docs/decisions/going-live.md). Every other business starts where it is.
UPDATE "Business" b
SET "kybStatus" = 'approved', "kybDecidedAt" = CURRENT_TIMESTAMP,
    "kybNote" = 'Approved when business activation was introduced: the business was already live.'
WHERE b."kybStatus" <> 'approved'
  AND (b."environment" = 'live'
    OR EXISTS (SELECT 1 FROM "Game" g WHERE g."businessId" = b."id" AND g."environment" = 'live')
    OR EXISTS (SELECT 1 FROM "Campaign" c WHERE c."businessId" = b."id" AND c."environment" = 'live'));
