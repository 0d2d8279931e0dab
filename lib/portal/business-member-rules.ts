// The rules the members page's actions share: roles come from PORTAL_ROLES only (at least one), "owner" is
// stored as isOwner; a business always keeps an owner; a member never changes their own membership; only an
// owner grants, removes or changes an owner. Changes to a business's members run under a lock on the
// business row, so two owners demoting each other at once cannot leave it without an owner.
import { z } from "zod";
import { normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import type { TxContext } from "../db/transaction.ts";
import { isUsableId, type AdminPlayer } from "../platform/business-admin.ts";
import { PORTAL_ROLES, rolesOf, type PortalRole } from "./permissions.ts";
import type { PortalMember } from "./require-portal-access.ts";

/** The roles a form may set: PORTAL_ROLES only, at least one, each once (in the table's order). */
export const MemberRoles = z
  .array(z.enum(PORTAL_ROLES, `must be one of ${PORTAL_ROLES.join(", ")}`), "must be a list of roles")
  .min(1, "choose at least one role")
  .max(PORTAL_ROLES.length, `must list at most ${PORTAL_ROLES.length} roles`)
  .transform((roles) => PORTAL_ROLES.filter((r) => roles.includes(r)));

/** A role list as BusinessMember's columns: "owner" is the isOwner flag, the others the roles array. */
export const memberColumns = (roles: readonly PortalRole[]) => ({ isOwner: roles.includes("owner"), roles: roles.filter((r) => r !== "owner") });

/** Serializes changes to the members of one business (a row lock on the business, released at commit). */
export const lockBusinessMembers = async ({ db }: TxContext, { businessId }: { businessId: string }) => {
  await db.$queryRaw`SELECT "id" FROM "Business" WHERE "id" = ${businessId} FOR UPDATE`;
};

const isOwnerRow = (m: { roles: string[]; isOwner: boolean }) => rolesOf(m).includes("owner");

/** How many of the business's member rows hold the owner role. */
export const countOwners = async ({ db }: TxContext, { businessId }: { businessId: string }) =>
  (await db.businessMember.findMany({ where: { businessId }, select: { roles: true, isOwner: true } })).filter(isOwnerRow).length;

/** The member row `memberId` of the business (another business's member or an unusable id: 404 MEMBER_NOT_FOUND). */
export const findBusinessMember = async ({ db }: TxContext, { businessId, memberId }: { businessId: string; memberId: string }) => {
  const row = isUsableId(memberId) ? await db.businessMember.findFirst({ where: { id: memberId, businessId } }) : null;
  if (!row) throw new AppError("MEMBER_NOT_FOUND", "This member was not found in the business.");
  return { ...row, portalRoles: rolesOf(row), owner: isOwnerRow(row) };
};

/** Refuses a change to the acting member's own row (matched by email or by player). */
export const refuseOwnMembership = (row: { email: string; playerId: string | null }, actor: PortalMember, player: AdminPlayer, what: string) => {
  if (row.email === normalizeEmail(actor.email) || row.playerId === player.playerId)
    throw new AppError("OWN_MEMBERSHIP_LOCKED", `You cannot ${what} yourself. Ask another owner or admin of the business.`);
};

/** Only an owner may make someone an owner, or change or remove an owner. */
export const refuseOwnerChangeByNonOwner = (actor: PortalMember, touchesOwner: boolean) => {
  if (touchesOwner && !actor.roles.includes("owner"))
    throw new AppError("PORTAL_ROLE_REQUIRED", "Only an owner can grant the owner role or change or remove an owner.");
};

export const LAST_OWNER_MESSAGE = "A business needs at least one owner: make another member an owner first.";
