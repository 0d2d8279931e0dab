-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "replacedByKeyId" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "BusinessGrant" ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "revokedBy" TEXT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'direct';

-- AlterTable
ALTER TABLE "Platform" ADD COLUMN     "testApprovedScopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "PlatformScopeRequest" (
    "id" TEXT NOT NULL,
    "platformId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "scopes" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlatformScopeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlatformInvite" (
    "id" TEXT NOT NULL,
    "platformId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "requestedScopes" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pending',
    "grantId" TEXT,
    "decidedByPlayerId" TEXT,
    "decidedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlatformLinkSession" (
    "id" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "platformId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "scopes" TEXT[],
    "metadata" JSON,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "businessId" TEXT,
    "grantId" TEXT,
    "decidedByPlayerId" TEXT,
    "decidedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformLinkSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PlatformScopeRequest_platformId_status_idx" ON "PlatformScopeRequest"("platformId", "status");

-- CreateIndex
CREATE INDEX "PlatformInvite_platformId_environment_createdAt_idx" ON "PlatformInvite"("platformId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "PlatformInvite_businessId_status_idx" ON "PlatformInvite"("businessId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PlatformLinkSession_sessionKey_key" ON "PlatformLinkSession"("sessionKey");

-- CreateIndex
CREATE INDEX "PlatformLinkSession_platformId_createdAt_idx" ON "PlatformLinkSession"("platformId", "createdAt");
