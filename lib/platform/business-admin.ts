// Who administers a business on the hosted business pages: a signed-in player whose verified email is a
// BusinessMember of the business with the "admin" role or as its owner. Matched by email (a member added
// before the person had an account is a placeholder) or by the player the membership already names.
import type { DbContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";
import { AppError, type ErrorCode } from "../core/errors.ts";

export type AdminPlayer = { playerId: string; email: string };
/** The context of a hosted business page: the database and the signed-in player (null: nobody). */
export type AdminContext = DbContext & { player: AdminPlayer | null };

/** Ids from a hosted page's URL or form: PostgreSQL text cannot hold NUL, so such an id names nothing (never a 500). */
export const isUsableId = (id: string): boolean => id.length > 0 && !id.includes("\u0000");

const isAdminRole = (m: { roles: string[]; isOwner: boolean }) => m.isOwner || m.roles.includes("admin");

/** The ids of the businesses `player` administers (none until the player's email is verified). */
export const adminBusinessIds = async ({ db }: DbContext, player: AdminPlayer): Promise<string[]> => {
  const p = await db.player.findUnique({ where: { id: player.playerId }, select: { email: true, emailVerifiedAt: true } });
  if (!p?.emailVerifiedAt) return [];
  const members = await db.businessMember.findMany({
    where: { OR: [{ email: normalizeEmail(p.email) }, { playerId: player.playerId }] },
    select: { businessId: true, roles: true, isOwner: true },
  });
  return [...new Set(members.filter(isAdminRole).map((m) => m.businessId))];
};

/** Whether `player` administers `businessId`. */
export const isBusinessAdmin = async (ctx: DbContext, { player, businessId }: { player: AdminPlayer | null; businessId: string }) =>
  player !== null && (await adminBusinessIds(ctx, player)).includes(businessId);

/**
 * The signed-in admin of `businessId`, or an error: nobody signed in is 401 ADMIN_SIGN_IN_REQUIRED; anyone
 * else gets `notFound` (the page shows nothing about a business to a stranger, not even that it exists).
 */
export const requireBusinessAdmin = async (
  ctx: AdminContext,
  { businessId, notFound }: { businessId: string; notFound: { code: ErrorCode; message: string } },
): Promise<AdminPlayer> => {
  if (!ctx.player) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Sign in with the email that administers this business.");
  if (!(await isBusinessAdmin(ctx, { player: ctx.player, businessId }))) throw new AppError(notFound.code, notFound.message);
  return ctx.player;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const BUSINESS_ADMIN_ERRORS = ["ADMIN_SIGN_IN_REQUIRED"] as const satisfies readonly ErrorCode[];
