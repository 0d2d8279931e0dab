-- The portal Overview's daily figures of past UTC days (issue 32, target 4): docs/decisions/portal-daily-rollups.md
CREATE TABLE "PortalDailyFigure" (
    "tenantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "series" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "a" BIGINT NOT NULL,
    "b" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalDailyFigure_pkey" PRIMARY KEY ("tenantId","environment","series","day")
);
