import type { PlatformContext } from "../core/context.ts";
import { parseEmail } from "../core/email.ts";
import { AppError, type ErrorDetail } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { grantBusiness } from "../platform/grant-business.ts";
import { loadPlatform } from "../platform/load-platform.ts";
import { approvedScopesFor, BUSINESS_SCOPES } from "../platform/scopes.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { businessLinks } from "./business-links.ts";
import { describeMembers } from "./describe-members.ts";
import type { BusinessCreated, CreateBusinessBody } from "./schemas.ts";

/** Each member email, normalized; 400 INVALID_EMAIL naming every bad one, 400 VALIDATION_ERROR for one listed twice. */
const memberEmails = (members: CreateBusinessBody["members"]): string[] => {
  const bad: ErrorDetail[] = [];
  const emails = members.map((m, i) => {
    const email = parseEmail(m.email);
    if (!email) bad.push({ field: `members.${i}.email`, message: "must be a valid email address, like name@example.com" });
    return email ?? "";
  });
  if (bad.length)
    throw new AppError("INVALID_EMAIL", `Invalid email: ${bad.map((d) => d.field).join(", ")}. Send addresses like name@example.com.`, { details: bad });
  const twice = emails.flatMap((e, i) => (emails.indexOf(e) < i ? [{ field: `members.${i}.email`, message: `lists ${e} again: list each member once` }] : []));
  if (twice.length) throw new AppError("VALIDATION_ERROR", `Invalid body: ${twice.map((d) => `${d.field} ${d.message}`).join("; ")}.`, { details: twice });
  return emails;
};

/**
 * A platform creates a business in its key's environment: the business (its name unique in the
 * environment, case-insensitively: 409 BUSINESS_NAME_TAKEN), its members by email (placeholders until a
 * verified player has the email; the first member is the owner when none is marked), its address, and an
 * active grant to the calling platform of `grantScopes` (default: every business scope) kept only where
 * the platform is approved for the scope in this environment. One transaction: all of it or nothing.
 */
export const createPlatformBusiness = async (ctx: PlatformContext, body: CreateBusinessBody): Promise<BusinessCreated> => {
  const emails = memberEmails(body.members);
  const owners = body.members.some((m) => m.isOwner === true);
  return inTransaction(ctx.db, async (tx) => {
    const environment = ctx.scope.environment;
    // Two creations of one name queue on this lock; the unique index (environment, nameKey) backs it up.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`business-name:${environment}:`} || lower(btrim(${body.name})), 0))`;
    const [taken] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Business" WHERE "environment"::text = ${environment} AND "nameKey" = lower(btrim(${body.name})) LIMIT 1`;
    if (taken)
      throw new AppError(
        "BUSINESS_NAME_TAKEN",
        `A business named ${JSON.stringify(body.name)} already exists in the ${environment} environment; choose another name.`,
      );

    const business = await tx.business.create({
      data: {
        id: newId(),
        name: body.name,
        environment,
        logoUrl: body.logoUrl ?? "",
        address: { ...body.address, line2: body.address.line2 || null },
        createdByPlatformId: ctx.scope.platformId,
      },
    });
    const members = [];
    for (const [i, m] of body.members.entries())
      members.push(
        await addBusinessMember(
          { db: tx },
          { businessId: business.id, email: emails[i], roles: [...new Set(m.roles)], isOwner: owners ? m.isOwner === true : i === 0 },
        ),
      );

    const platform = await loadPlatform({ db: tx }, { platformId: ctx.scope.platformId });
    const holdable = new Set(approvedScopesFor(environment, platform));
    const scopes = (body.grantScopes ?? BUSINESS_SCOPES).filter((s) => holdable.has(s) && BUSINESS_SCOPES.includes(s));
    const grant = await grantBusiness({ db: tx }, { platformId: platform.id, businessId: business.id, scopes, source: "direct" });

    return {
      business: { _id: business.id, name: business.name },
      members: await describeMembers({ db: tx }, members),
      grant: { _id: grant.id, grantedScopes: [...grant.grantedScopes], status: grant.status },
      links: businessLinks(business.id),
    };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { GRANT_BUSINESS_ERRORS } from "../platform/grant-business.ts";
export const CREATE_PLATFORM_BUSINESS_ERRORS = [
  "BUSINESS_NAME_TAKEN",
  "INVALID_EMAIL",
  "VALIDATION_ERROR",
  ...GRANT_BUSINESS_ERRORS,
] as const satisfies readonly ErrorCode[];
