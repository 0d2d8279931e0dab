// "Create a business" on /portal: a signed-in developer with a verified email makes a test business and
// becomes its owner (a BusinessMember with their email and player, isOwner). The name is checked with the
// platform API's schema (CreateBusinessBody.name) and is unique per environment, case-insensitively: the
// unique index (environment, nameKey) refuses a clash, answered as 409 BUSINESS_NAME_TAKEN.
import { CreateBusinessBody } from "../businesses/schemas.ts";
import { normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { pgCode } from "../db/transaction.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { createBusiness } from "../tenants/create-business.ts";
import { portalCommand } from "./portal-command.ts";

const isUniqueViolation = (err: unknown) => ["23505", "P2002"].includes(pgCode(err) ?? (err as { code?: string }).code ?? "");

export const createPortalBusiness = portalCommand({
  // no business yet: the signed-in player with a verified email, who becomes its owner
  access: async (ctx, _: { name: string }) => {
    if (!ctx.player) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Sign in to create a business.");
    const player = await ctx.db.player.findUnique({ where: { id: ctx.player.playerId }, select: { id: true, email: true, emailVerifiedAt: true } });
    if (!player?.emailVerifiedAt) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Confirm your email first: open the link we sent you, then sign in.");
    // the audit names the member as its row will (addBusinessMember normalizes the email)
    return { playerId: player.id, email: normalizeEmail(player.email) };
  },
  input: CreateBusinessBody.pick({ name: true }),
  form: ({ name }) => ({ name }),
  run: async (ctx, { input: { name }, member: player }) => {
    const environment = "test" as const;
    try {
      const business = await createBusiness(ctx, { name, environment });
      const member = await addBusinessMember(ctx, { businessId: business.id, email: player.email, roles: [], isOwner: true });
      await ctx.db.businessMember.update({ where: { id: member.id }, data: { playerId: player.playerId } });
      return { businessId: business.id, name: business.name, environment: business.environment };
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError("BUSINESS_NAME_TAKEN", `A business named ${JSON.stringify(name)} already exists in the test environment; choose another name.`, {
          details: [{ field: "name", message: "is taken: choose another name" }],
        });
      throw err;
    }
  },
  audit: ({ businessId, environment }, { input: { name } }) => ({
    businessId,
    environment,
    action: "business.created",
    objectType: "business",
    objectId: businessId,
    details: { name },
  }),
});
