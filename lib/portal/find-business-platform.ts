// What every page and command of the platform console acts on: a platform the portal's business registered
// (Platform.ownerBusinessId). Another business's platform, a platform made outside the portal, or an unusable
// id is 404 PLATFORM_NOT_FOUND: nobody learns that it exists. The member's permission is checked before.
import { AppError } from "../core/errors.ts";
import { isUsableId } from "../platform/business-admin.ts";
import type { PortalAuditEntry } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

export type BusinessPlatform = { id: string; name: string; description: string; status: string; ownerBusinessId: string; createdAt: Date };

/** The platform `platformId` when `businessId` registered it; otherwise 404 PLATFORM_NOT_FOUND. */
export const findBusinessPlatform = async (
  ctx: PortalContext,
  { businessId, platformId }: { businessId: string; platformId: string },
): Promise<BusinessPlatform> => {
  const row = isUsableId(platformId)
    ? await ctx.db.platform.findFirst({
        where: { id: platformId, ownerBusinessId: businessId },
        select: { id: true, name: true, description: true, status: true, ownerBusinessId: true, createdAt: true },
      })
    : null;
  if (!row?.ownerBusinessId) throw new AppError("PLATFORM_NOT_FOUND", "This platform was not found.");
  return { ...row, ownerBusinessId: row.ownerBusinessId };
};

/** The key of the business's platform `keyId` (any environment), for a change to it; another platform's is 404 API_KEY_NOT_FOUND. */
export const findBusinessPlatformKey = async (
  ctx: PortalContext,
  params: { businessId: string; platformId: string; keyId: string },
): Promise<{ platform: BusinessPlatform; key: { id: string; environment: "test" | "live"; prefix: string; label: string } }> => {
  const platform = await findBusinessPlatform(ctx, params);
  const key = isUsableId(params.keyId)
    ? await ctx.db.apiKey.findFirst({
        where: { id: params.keyId, kind: "platform", platformId: platform.id },
        select: { id: true, environment: true, prefix: true, label: true },
      })
    : null;
  if (!key) throw new AppError("API_KEY_NOT_FOUND", "This key was not found for the platform.");
  return { platform, key };
};

/** The audit entry of a change to a platform (details never hold a secret or a raw key). */
export const platformAudit = (
  platform: { id: string; ownerBusinessId: string },
  environment: "test" | "live",
  {
    action,
    objectType = "platform",
    objectId = platform.id,
    details,
  }: { action: string; objectType?: string; objectId?: string; details?: Record<string, unknown> },
): PortalAuditEntry => ({ businessId: platform.ownerBusinessId, environment, action, objectType, objectId, details: { platformId: platform.id, ...details } });
