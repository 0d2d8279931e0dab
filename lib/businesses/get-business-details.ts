import type { TargetContext } from "../core/context.ts";
import { businessLinks } from "./business-links.ts";
import { describeMembers } from "./describe-members.ts";
import type { AddressInput, BusinessDetails } from "./schemas.ts";
import { verificationStatusOf } from "./verification-statuses.ts";

const addressOf = (a: unknown): BusinessDetails["business"]["address"] => {
  if (!a || typeof a !== "object" || Array.isArray(a)) return null;
  const v = a as Partial<Record<keyof AddressInput, unknown>>;
  const s = (x: unknown) => (typeof x === "string" ? x : "");
  return {
    line1: s(v.line1),
    line2: typeof v.line2 === "string" && v.line2 ? v.line2 : null,
    city: s(v.city),
    state: s(v.state),
    postalCode: s(v.postalCode),
    country: s(v.country),
  };
};

/**
 * The target business as its granted platform sees it: name, environment, logo, address, verification
 * status, members (owners first, then by email), the grant the platform acts under, and its hosted pages.
 */
export const getBusinessDetails = async (ctx: TargetContext): Promise<BusinessDetails> => {
  const { businessId, grantId } = ctx.scope;
  const [business, members, grant] = await Promise.all([
    ctx.db.business.findUniqueOrThrow({ where: { id: businessId } }),
    ctx.db.businessMember.findMany({ where: { businessId }, orderBy: [{ isOwner: "desc" }, { email: "asc" }] }),
    ctx.db.businessGrant.findUniqueOrThrow({ where: { id: grantId } }),
  ]);
  return {
    business: {
      _id: business.id,
      name: business.name,
      environment: business.environment,
      logoUrl: business.logoUrl || null,
      address: addressOf(business.address),
      verificationStatus: verificationStatusOf(business.kybStatus),
      createdAt: business.createdAt.toISOString(),
      updatedAt: business.updatedAt.toISOString(),
    },
    members: await describeMembers(ctx, members),
    grant: { _id: grant.id, grantedScopes: [...grant.grantedScopes], status: grant.status, createdAt: grant.createdAt.toISOString() },
    links: businessLinks(business.id),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_BUSINESS_DETAILS_ERRORS = [] as const satisfies readonly ErrorCode[];
