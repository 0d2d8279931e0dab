import { CreateKeyBody } from "../platform/schemas.ts";
import { findBusinessKey } from "./find-business-key.ts";
import { portalCommand } from "./portal-command.ts";

/** Renames a server or campaign key of the business (a revoked one too: the label is for the team's own reference). */
export const labelGameKey = portalCommand({
  permission: "keys:write",
  load: (ctx, params: { businessId: string; keyId: string; label: string }) => findBusinessKey(ctx, params),
  input: CreateKeyBody.pick({ label: true }),
  form: ({ label }) => ({ label }),
  run: async (ctx, { input: { label }, target: key }) => {
    const row = await ctx.db.apiKey.update({ where: { id: key.id }, data: { label } });
    return { keyId: row.id, label: row.label };
  },
  audit: (_, { input: { label }, target: key }) => ({
    environment: key.environment,
    action: "api_key.labelled",
    objectType: "api_key",
    objectId: key.id,
    details: { prefix: key.prefix, from: key.label, to: label },
  }),
});
