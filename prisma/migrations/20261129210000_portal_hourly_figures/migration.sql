-- The portal Overview's figures of closed hours of yesterday and today (issue 32, target 4), and the index the
-- request log's key filter reads (docs/decisions/portal-daily-rollups.md)
CREATE TABLE "PortalHourlyFigure" (
    "tenantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "series" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "a" BIGINT NOT NULL,
    "b" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalHourlyFigure_pkey" PRIMARY KEY ("tenantId","environment","series","hour")
);

CREATE INDEX "RequestLog_businessId_environment_apiKeyId_idx" ON "RequestLog"("businessId", "environment", "apiKeyId");
