import type { BusinessMember } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { z } from "zod";
import type { BusinessMemberView } from "./schemas.ts";

/**
 * The members of a business as the API shows them, in the order given. userId is
 * the account behind the member: the player the membership was claimed by, else the player who verified
 * the member's email (admins are matched by verified email); null while nobody has (a placeholder).
 */
export const describeMembers = async ({ db }: DbContext, members: BusinessMember[]): Promise<z.output<typeof BusinessMemberView>[]> => {
  const unclaimed = members.filter((m) => m.playerId === null).map((m) => m.email);
  const verified = unclaimed.length
    ? await db.player.findMany({ where: { email: { in: unclaimed }, emailVerifiedAt: { not: null } }, select: { id: true, email: true } })
    : [];
  const byEmail = new Map(verified.map((p) => [p.email, p.id]));
  return members.map((m) => ({ memberId: m.id, userId: m.playerId ?? byEmail.get(m.email) ?? null, email: m.email, roles: [...m.roles], isOwner: m.isOwner }));
};
