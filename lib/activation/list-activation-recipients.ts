// Who hears about a business's activation: its owners and admins (the people who may change it), by the email of
// their membership, each once. Operators are told separately (every Operator row).
import type { DbContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";

export const listActivationRecipients = async (ctx: DbContext, { businessId }: { businessId: string }): Promise<string[]> => {
  const members = await ctx.db.businessMember.findMany({
    where: { businessId, OR: [{ isOwner: true }, { roles: { has: "admin" } }] },
    orderBy: [{ isOwner: "desc" }, { email: "asc" }],
    select: { email: true },
  });
  return [...new Set(members.map((m) => normalizeEmail(m.email)))];
};
