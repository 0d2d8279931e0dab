// "Create a business" on /portal: a signed-in developer with a verified email makes a test business and
// becomes its owner (a BusinessMember with their email and player, isOwner). The name is checked with the
// platform API's schema (CreateBusinessBody.name) and is unique per environment, case-insensitively: the
// unique index (environment, nameKey) refuses a clash, answered as 409 BUSINESS_NAME_TAKEN.
import { recordAudit } from "../audit/record-audit.ts";
import { CreateBusinessBody } from "../businesses/schemas.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { createBusiness } from "../tenants/create-business.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const Name = CreateBusinessBody.pick({ name: true });

const isUniqueViolation = (err: unknown) => ["23505", "P2002"].includes(pgCode(err) ?? (err as { code?: string }).code ?? "");

export const createPortalBusiness = async (ctx: PortalContext, input: { name: string }) => {
  if (!ctx.player) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Sign in to create a business.");
  const player = await ctx.db.player.findUnique({ where: { id: ctx.player.playerId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (!player?.emailVerifiedAt) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Confirm your email first: open the link we sent you, then sign in.");
  const { name } = parseOrThrow(Name, { name: input.name }, "body");
  const environment = "test" as const;
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const business = await createBusiness({ db: tx }, { name, environment });
      const member = await addBusinessMember({ db: tx }, { businessId: business.id, email: player.email, roles: [], isOwner: true });
      await tx.businessMember.update({ where: { id: member.id }, data: { playerId: player.id } });
      const actor = { type: "member" as const, email: member.email };
      await recordAudit(
        { db: tx },
        { businessId: business.id, environment, actor, action: "business.created", objectType: "business", objectId: business.id, details: { name } },
      );
      return { businessId: business.id, name: business.name, environment: business.environment };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError("BUSINESS_NAME_TAKEN", `A business named ${JSON.stringify(name)} already exists in the test environment; choose another name.`, {
        details: [{ field: "name", message: "is taken: choose another name" }],
      });
    throw err;
  }
};
