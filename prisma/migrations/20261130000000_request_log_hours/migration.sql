-- Hand-written (issue 32, target 4). The Overview's API chart counted a business's request-log rows of 30 days on
-- every view (93.6–131.6 ms of PostgreSQL a view with 90,000 rows: docs/benchmarks.md). RequestLogHour holds the
-- counts by business, environment and UTC hour, kept exact by statement triggers on RequestLog: the rows a statement
-- inserted (or deleted) change their hours' counts in that statement, whoever wrote them (the request-log batcher,
-- the history seed, a test). Rows without a business or an environment are not counted (the Overview never showed
-- them). docs/decisions/request-log-hours.md
CREATE TABLE "RequestLogHour" (
    "businessId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "requests" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,

    CONSTRAINT "RequestLogHour_pkey" PRIMARY KEY ("businessId","environment","hour")
);

-- Rows are added in key order, so two batches that touch the same hours lock them in the same order (no deadlock).
CREATE FUNCTION coinop_request_log_hours_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "RequestLogHour" AS h ("businessId", "environment", "hour", "requests", "errors")
  SELECT r."businessId", r."environment", date_trunc('hour', r."createdAt"), COUNT(*)::int, (COUNT(*) FILTER (WHERE r."status" >= 400))::int
  FROM inserted r
  WHERE r."businessId" IS NOT NULL AND r."environment" IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("businessId", "environment", "hour") DO UPDATE
    SET "requests" = h."requests" + excluded."requests", "errors" = h."errors" + excluded."errors";
  RETURN NULL;
END $$;

CREATE FUNCTION coinop_request_log_hours_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "RequestLogHour" h
  SET "requests" = h."requests" - d.requests, "errors" = h."errors" - d.errors
  FROM (
    SELECT r."businessId", r."environment", date_trunc('hour', r."createdAt") AS hour, COUNT(*)::int AS requests,
           (COUNT(*) FILTER (WHERE r."status" >= 400))::int AS errors
    FROM deleted r
    WHERE r."businessId" IS NOT NULL AND r."environment" IS NOT NULL
    GROUP BY 1, 2, 3
  ) d
  WHERE h."businessId" = d."businessId" AND h."environment" = d."environment" AND h."hour" = d.hour;
  RETURN NULL;
END $$;

CREATE TRIGGER "RequestLog_hours_insert" AFTER INSERT ON "RequestLog"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION coinop_request_log_hours_add();
CREATE TRIGGER "RequestLog_hours_delete" AFTER DELETE ON "RequestLog"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION coinop_request_log_hours_remove();

-- The rows written before this migration.
INSERT INTO "RequestLogHour" ("businessId", "environment", "hour", "requests", "errors")
SELECT r."businessId", r."environment", date_trunc('hour', r."createdAt"), COUNT(*)::int, (COUNT(*) FILTER (WHERE r."status" >= 400))::int
FROM "RequestLog" r
WHERE r."businessId" IS NOT NULL AND r."environment" IS NOT NULL
GROUP BY 1, 2, 3;
