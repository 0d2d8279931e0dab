import type { WebhookEndpoint } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { primaryKeyOf } from "./resolve-endpoint.ts";

/**
 * The row of the owner's primary endpoint (its filter, health and previous secret; URL and secret stay on
 * the owner), made on first use. Concurrent callers get the same row.
 */
export const ensurePrimaryEndpoint = async ({ db }: DbContext, { owner }: { owner: WebhookOwner }): Promise<WebhookEndpoint> => {
  const primaryOf = primaryKeyOf(owner);
  const found = await db.webhookEndpoint.findUnique({ where: { primaryOf } });
  if (found) return found;
  await db.$executeRaw`
    INSERT INTO "WebhookEndpoint" ("id", "ownerType", "ownerId", "primaryOf", "updatedAt")
    VALUES (${newId()}, ${owner.type}, ${owner.id}, ${primaryOf}, now())
    ON CONFLICT ("primaryOf") DO NOTHING`;
  return db.webhookEndpoint.findUniqueOrThrow({ where: { primaryOf } });
};
