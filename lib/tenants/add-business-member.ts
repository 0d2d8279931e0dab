import type { DbContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";
import { newId } from "../db/ids.ts";

/**
 * Makes `email` a member of the business (a placeholder until a verified player signs in with that email;
 * lib/platform/business-admin.ts matches members by email). Adding an existing member keeps its row.
 */
export const addBusinessMember = ({ db }: DbContext, input: { businessId: string; email: string; roles: string[]; isOwner?: boolean }) => {
  const email = normalizeEmail(input.email);
  return db.businessMember.upsert({
    where: { businessId_email: { businessId: input.businessId, email } },
    create: { id: newId(), businessId: input.businessId, email, roles: input.roles, isOwner: input.isOwner ?? false },
    update: {},
  });
};
