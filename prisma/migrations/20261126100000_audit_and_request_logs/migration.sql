-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "requestId" TEXT NOT NULL DEFAULT '',
    "details" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RequestLog" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "businessId" TEXT,
    "gameId" TEXT,
    "platformId" TEXT,
    "apiKeyId" TEXT,
    "environment" "Environment",
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "idempotencyKey" TEXT,
    "errorCode" TEXT,
    "requestBody" TEXT,
    "responseBody" TEXT,
    "objectIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_businessId_createdAt_idx" ON "AuditEntry"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_businessId_objectType_objectId_idx" ON "AuditEntry"("businessId", "objectType", "objectId");

-- CreateIndex
CREATE INDEX "RequestLog_businessId_createdAt_idx" ON "RequestLog"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "RequestLog_businessId_requestId_idx" ON "RequestLog"("businessId", "requestId");

-- CreateIndex
CREATE INDEX "RequestLog_apiKeyId_createdAt_idx" ON "RequestLog"("apiKeyId", "createdAt");

-- CreateIndex
CREATE INDEX "RequestLog_objectIds_idx" ON "RequestLog" USING GIN ("objectIds");
