-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "PlayerLink" ADD COLUMN     "approvalScopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "approvedAt" TIMESTAMP(3),
ADD COLUMN     "approvedSessionId" TEXT;

-- AlterTable
ALTER TABLE "Purchase" ADD COLUMN     "refundId" TEXT,
ADD COLUMN     "refundedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "EmailToken" (
    "id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "passwordHash" TEXT,
    "name" TEXT,
    "returnTo" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailToken_tokenHash_key" ON "EmailToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailToken_email_purpose_idx" ON "EmailToken"("email", "purpose");

-- CreateIndex
CREATE INDEX "MailMessage_to_createdAt_idx" ON "MailMessage"("to", "createdAt");

-- Backfill: a link whose player approved a link session in its namespace carries that approval; a
-- player who already set a password is taken as verified (they signed up before verification existed).
UPDATE "PlayerLink" pl SET "approvedAt" = ls."approvedAt", "approvedSessionId" = ls."id",
  "approvalScopes" = ARRAY['balance:read', 'wallet:spend', 'vc:spend']::TEXT[]
FROM "LinkSession" ls
WHERE ls."state" = 'approved' AND ls."playerId" = pl."playerId" AND ls."namespaceType" = pl."namespaceType"
  AND ls."namespaceId" = pl."namespaceId" AND pl."approvedAt" IS NULL;
UPDATE "Player" SET "emailVerifiedAt" = "createdAt" WHERE "passwordHash" IS NOT NULL AND "emailVerifiedAt" IS NULL;
