-- A live card refund is reserved (pending), sent to Stripe outside the purchase's lock, then settled (issue 31).
-- docs/decisions/refund-outside-lock.md
ALTER TABLE "Refund" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'succeeded';
ALTER TABLE "Refund" ADD COLUMN "requestKey" TEXT;
CREATE UNIQUE INDEX "Refund_objectType_objectId_requestKey_key" ON "Refund"("objectType", "objectId", "requestKey");
CREATE INDEX "Refund_status_createdAt_idx" ON "Refund"("status", "createdAt");
