import { createPlatform } from "../platform/create-platform.ts";
import { RegisterPlatformBody } from "../platform/schemas.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * "Register a platform" (platforms:write): a partner platform the business owns (Platform.ownerBusinessId),
 * made by the same service as every platform; management scopes approved, the rest requested on its page.
 */
export const registerPortalPlatform = portalCommand({
  permission: "platforms:write",
  input: RegisterPlatformBody,
  form: ({ name, description }: { businessId: string; name: string; description?: string }) => ({ name, description: description ?? "" }),
  run: async (ctx, { params, input }) => {
    const p = await createPlatform(ctx, { ...input, ownerBusinessId: params.businessId });
    return { platformId: p.id, name: p.name };
  },
  audit: ({ platformId, name }, { input, member }) => ({
    environment: member.business.environment,
    action: "platform.registered",
    objectType: "platform",
    objectId: platformId,
    details: { platformId, name, description: input.description },
  }),
});
