import type { PlatformInvite } from "../db/generated/client.ts";
import type { z } from "zod";
import type { InviteResource, InviteStatus } from "./schemas.ts";

/** The invite's status now: a pending invite past its expiry reads as expired. */
export const inviteStatus = (i: Pick<PlatformInvite, "status" | "expiresAt">, now: Date): z.output<typeof InviteStatus> =>
  i.status === "pending" && i.expiresAt <= now ? "expired" : (i.status as z.output<typeof InviteStatus>);

export const serializeInvite = (i: PlatformInvite, now: Date): z.output<typeof InviteResource> => ({
  _id: i.id,
  inviteId: i.id,
  platformId: i.platformId,
  businessId: i.businessId,
  requestedScopes: [...i.requestedScopes],
  status: inviteStatus(i, now),
  grantId: i.grantId,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  decidedAt: i.decidedAt?.toISOString() ?? null,
});
