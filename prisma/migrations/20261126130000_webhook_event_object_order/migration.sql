-- Per-object order of webhook deliveries (lib/webhooks/deliver.ts): the earlier event still being tried, and the
-- next one to send, of one object are found by sequence through this index instead of a scan of every pending
-- delivery (which made a backlog quadratic).
CREATE INDEX "WebhookEvent_objectType_objectId_sequence_idx" ON "WebhookEvent"("objectType", "objectId", "sequence");
