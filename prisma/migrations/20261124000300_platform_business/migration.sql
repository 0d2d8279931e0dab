-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "address" JSONB,
ADD COLUMN     "createdByPlatformId" TEXT,
ADD COLUMN     "kybStatus" TEXT NOT NULL DEFAULT 'not_started',
ADD COLUMN     "logoUrl" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nameKey" TEXT;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "createdByPlatformId" TEXT;

-- CreateTable
CREATE TABLE "PlayerCompliance" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'not_started',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerCompliance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameplayEvent" (
    "id" TEXT NOT NULL,
    "platformId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "userRef" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameplayEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlayerCompliance_playerId_environment_key" ON "PlayerCompliance"("playerId", "environment");

-- CreateIndex
CREATE INDEX "GameplayEvent_businessId_gameId_createdAt_idx" ON "GameplayEvent"("businessId", "gameId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GameplayEvent_platformId_businessId_environment_idempotency_key" ON "GameplayEvent"("platformId", "businessId", "environment", "idempotencyKey");

-- Business names are unique per environment, case-insensitively and ignoring surrounding spaces: the
-- trigger keeps "nameKey" = lower(btrim(name)) on every insert and rename, whoever writes the row, and the
-- unique index below refuses a second business with the same key. Existing rows are backfilled; should an
-- older database hold two businesses with one name, the oldest keeps the key (the others keep a null key,
-- which the index allows, until they are renamed).
CREATE FUNCTION "business_name_key"() RETURNS trigger AS $$
BEGIN
  NEW."nameKey" := lower(btrim(NEW."name"));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Business_name_key"
  BEFORE INSERT OR UPDATE OF "name", "nameKey" ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "business_name_key"();

UPDATE "Business" b SET "nameKey" = lower(btrim(b."name"))
WHERE b."id" IN (
  SELECT DISTINCT ON ("environment", lower(btrim("name"))) "id" FROM "Business" ORDER BY "environment", lower(btrim("name")), "createdAt", "id"
);

-- CreateIndex
CREATE UNIQUE INDEX "Business_environment_nameKey_key" ON "Business"("environment", "nameKey");
