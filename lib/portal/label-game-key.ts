import { CreateKeyBody } from "../platform/schemas.ts";
import { findGameKey } from "./find-game-key.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "./validate.ts";

const Label = CreateKeyBody.pick({ label: true });

/** Renames a server key of the business (a revoked one too: the label is for the team's own reference). */
export const labelGameKey = async (ctx: PortalContext, input: { businessId: string; keyId: string; label: string }) => {
  await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const key = await findGameKey(ctx, input);
  const { label } = parseOrThrow(Label, { label: input.label });
  const updated = await ctx.db.apiKey.update({ where: { id: key.id }, data: { label } });
  return { keyId: updated.id, label: updated.label };
};
