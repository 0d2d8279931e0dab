import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { CreateKeyBody } from "../platform/schemas.ts";
import { findBusinessKey } from "./find-business-key.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const Label = CreateKeyBody.pick({ label: true });

/** Renames a server or campaign key of the business (a revoked one too: the label is for the team's own reference). */
export const labelGameKey = async (ctx: PortalContext, input: { businessId: string; keyId: string; label: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const key = await findBusinessKey(ctx, input);
  const { label } = parseOrThrow(Label, { label: input.label }, "body");
  const updated = await inTransaction(ctx.db, async (tx) => {
    const row = await tx.apiKey.update({ where: { id: key.id }, data: { label } });
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: key.environment,
        actor: { type: "member", email: member.email },
        action: "api_key.labelled",
        objectType: "api_key",
        objectId: key.id,
        details: { prefix: key.prefix, from: key.label, to: label },
      },
    );
    return row;
  });
  return { keyId: updated.id, label: updated.label };
};
