// Server-only: what the business verification (KYB) page shows its admin.
import { loadMerchant, type Merchant } from "../linking/load-merchant.ts";
import { isBusinessAdmin, type AdminContext } from "../platform/business-admin.ts";
import { verificationStatusOf, type VerificationStatus } from "./verification-statuses.ts";

export type BusinessVerificationPage = { merchant: Merchant; status: VerificationStatus };

/**
 * The business and its verification status, for a signed-in admin of it (lib/platform/business-admin.ts);
 * null for anyone else and for an unknown business alike, so the page says nothing about a business to a
 * stranger. The page asks a signed-out visitor to sign in before calling this.
 */
export const loadVerificationPage = async (ctx: AdminContext, { businessId }: { businessId: string }): Promise<BusinessVerificationPage | null> => {
  if (businessId.includes("\u0000") || !(await isBusinessAdmin(ctx, { player: ctx.player, businessId }))) return null;
  const business = await ctx.db.business.findUnique({ where: { id: businessId }, select: { environment: true, kybStatus: true } });
  if (!business) return null;
  const merchant = await loadMerchant(ctx, { namespaceType: "business", namespaceId: businessId, environment: business.environment });
  return { merchant, status: verificationStatusOf(business.kybStatus) };
};
