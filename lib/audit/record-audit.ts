// The audit log's one writer: every change made in the portal (a member) or through the API (a key or a
// platform) is one AuditEntry row. Portal services call it with the member, in the same transaction as the
// change when they have one; the API kernel calls it for each successful change a key or platform makes.
// Details never carry a secret: callers pass ids, labels and the changed fields' names or safe values.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { newId } from "../db/ids.ts";

export type AuditActor =
  | { type: "member"; email: string }
  | { type: "key"; keyId: string; label: string }
  | { type: "platform"; platformId: string; label: string }
  | { type: "system"; label: string }
  /** an operator of the instance (the /operator console), by email */
  | { type: "operator"; email: string };

export type AuditInput = {
  businessId: string;
  environment: Environment;
  actor: AuditActor;
  /** verb-like: "game.created", "api_key.rotated", "webhook_endpoint.deleted", or "POST /v1/vc/credit" */
  action: string;
  objectType: string;
  objectId: string;
  requestId?: string;
  details?: Record<string, unknown>;
};

const actorColumns = (a: AuditActor) => {
  switch (a.type) {
    case "member":
      return { actorType: "member", actorId: a.email, actorLabel: a.email };
    case "key":
      return { actorType: "key", actorId: a.keyId, actorLabel: a.label };
    case "platform":
      return { actorType: "platform", actorId: a.platformId, actorLabel: a.label };
    case "system":
      return { actorType: "system", actorId: "system", actorLabel: a.label };
    case "operator":
      return { actorType: "operator", actorId: a.email, actorLabel: `operator ${a.email}` };
  }
};

const rowOf = (input: AuditInput) => ({
  id: newId(),
  businessId: input.businessId,
  environment: input.environment,
  ...actorColumns(input.actor),
  action: input.action,
  objectType: input.objectType,
  objectId: input.objectId,
  requestId: input.requestId ?? "",
  details: (input.details ?? undefined) as object | undefined,
});

/** Writes one audit entry on `ctx.db` (pass the change's transaction to make both land together). */
export const recordAudit = async ({ db }: DbContext, input: AuditInput): Promise<void> => {
  await db.auditEntry.create({ data: rowOf(input) });
};

/**
 * Writes many audit entries in one statement (the API kernel's batches of key and platform changes): a
 * plain INSERT from arrays, because Prisma's createMany costs CPU per row and these come with every change.
 */
export const recordAudits = async ({ db }: DbContext, inputs: AuditInput[]): Promise<void> => {
  if (inputs.length === 0) return;
  const rows = inputs.map(rowOf);
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  await db.$executeRaw`
    INSERT INTO "AuditEntry" ("id", "businessId", "environment", "actorType", "actorId", "actorLabel", "action", "objectType", "objectId", "requestId", "details", "createdAt")
    SELECT t.id, t.business, t.environment::"Environment", t.actor_type, t.actor_id, t.actor_label, t.action, t.object_type, t.object_id, t.request_id, t.details::jsonb,
           now() AT TIME ZONE 'UTC'
    FROM unnest(${col("id")}::text[], ${col("businessId")}::text[], ${col("environment")}::text[], ${col("actorType")}::text[], ${col("actorId")}::text[],
                ${col("actorLabel")}::text[], ${col("action")}::text[], ${col("objectType")}::text[], ${col("objectId")}::text[], ${col("requestId")}::text[],
                ${rows.map((r) => (r.details === undefined ? null : JSON.stringify(r.details)))}::text[])
         AS t(id, business, environment, actor_type, actor_id, actor_label, action, object_type, object_id, request_id, details)`;
};
