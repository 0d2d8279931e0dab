-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "createdByKeyId" TEXT,
ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "message" TEXT NOT NULL DEFAULT '';
