-- CreateTable
CREATE TABLE "GiftFundingTransaction" (
    "environment" "Environment" NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "distributionId" TEXT NOT NULL,
    "platformId" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftFundingTransaction_pkey" PRIMARY KEY ("environment","transactionHash")
);
