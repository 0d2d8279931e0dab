-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "testBusinessId" TEXT;
