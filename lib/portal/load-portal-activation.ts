// /portal/{businessId}/activation ("Go live"): every member sees where the business stands (the status and its
// dates); owners and admins (activation:write) also see the operator's note, the application, the documents and
// the forms. The application names a person (birth date, email): the other roles do not see it.
import { loadActivation, type ActivationView } from "../activation/load-activation.ts";
import { AppError } from "../core/errors.ts";
import { can } from "./permissions.ts";
import { requirePortalAccess, type PortalContext, type PortalMember } from "./require-portal-access.ts";

export type PortalActivation = {
  member: PortalMember;
  manage: boolean;
  /** the whole view for owners and admins; the status and dates only for the others */
  activation: ActivationView | Pick<ActivationView, "businessId" | "businessName" | "status" | "submittedAt" | "decidedAt">;
};

export const loadPortalActivation = async (ctx: PortalContext, { businessId }: { businessId: string }): Promise<PortalActivation> => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "overview:read" });
  const view = await loadActivation(ctx, { businessId });
  if (!view) throw new AppError("BUSINESS_NOT_FOUND", "This business was not found.");
  const manage = can(member.permissions, "activation:write");
  if (manage) return { member, manage, activation: view };
  const { status, submittedAt, decidedAt, businessName } = view;
  return { member, manage, activation: { businessId, businessName, status, submittedAt, decidedAt } };
};
