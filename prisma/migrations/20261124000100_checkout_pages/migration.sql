-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "storeUrl" TEXT,
ADD COLUMN     "supportUrl" TEXT,
ADD COLUMN     "taxLabel" TEXT,
ADD COLUMN     "taxRateBps" INTEGER,
ADD COLUMN     "termsUrl" TEXT;
