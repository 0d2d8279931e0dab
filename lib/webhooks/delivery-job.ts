// The graphile-worker job of a webhook delivery: its task name and its key. Imports nothing, so any module
// of lib/webhooks can use it without an import cycle.

export const DELIVER_TASK = "webhooks:deliver";

/**
 * The job key of a delivery's later jobs (put off, a retry, a wake-up, a look once an attempt would be stale):
 * re-adding it replaces the pending job instead of adding a second, and the job that follows the object's
 * queue removes it when it takes the delivery over (graphile_worker.remove_job with the claim, deliver.ts).
 * The first job (create-delivery.ts) has no key: add_job or remove_job on the key of a running job makes
 * graphile-worker give that job up for retries, and a first job must be retried if its worker dies.
 */
export const deliveryJobKey = (deliveryId: string) => `${DELIVER_TASK}:${deliveryId}`;
