import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import { generateWebhookSecret } from "../webhooks/webhook-secret.ts";
import { MANAGEMENT_SCOPES } from "./scopes.ts";

/**
 * A partner platform. Management scopes are always approved; others are approved per platform.
 * `ownerBusinessId`: the business that registered it in the portal (its platform console), if any.
 */
export const createPlatform = (
  { db }: DbContext,
  input: { name: string; description?: string; approvedScopes?: string[]; webhookUrl?: string | null; ownerBusinessId?: string | null },
) =>
  db.platform.create({
    data: {
      id: newId(),
      name: input.name,
      description: input.description ?? "",
      approvedScopes: [...new Set([...MANAGEMENT_SCOPES, ...(input.approvedScopes ?? [])])],
      webhookUrl: input.webhookUrl ?? null,
      webhookSecret: generateWebhookSecret(),
      ownerBusinessId: input.ownerBusinessId ?? null,
    },
  });
