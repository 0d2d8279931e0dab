-- The receipts a fund page's payer asked for by email (issue 30, payer item 6): one row per address and session,
-- so a replay sends nothing twice and a session sends to at most a few addresses.
CREATE TABLE "FundSessionReceipt" (
    "id" TEXT NOT NULL,
    "fundSessionId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FundSessionReceipt_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "FundSessionReceipt_fundSessionId_email_key" ON "FundSessionReceipt"("fundSessionId", "email");
