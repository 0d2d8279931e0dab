import type { LinkInvite as LinkInviteRow } from "../db/generated/client.ts";
import { appBaseUrl } from "../config/settings.ts";
import type { InviteState } from "./invite-states.ts";
import type { LinkInvite } from "./schemas.ts";

/** The shareable join page of an invite. */
export const inviteUrl = (code: string): string => `${appBaseUrl()}/join/${encodeURIComponent(code)}`;

/** The invite as the API shows it; unset label, maxUses and expiresAt are omitted ("omitted means unlimited/never"). */
export const serializeInvite = (i: LinkInviteRow): LinkInvite => ({
  code: i.code,
  ...(i.label !== null ? { label: i.label } : {}),
  status: i.status as InviteState,
  ...(i.maxUses !== null ? { maxUses: i.maxUses } : {}),
  currentUses: i.currentUses,
  ...(i.expiresAt !== null ? { expiresAt: i.expiresAt.toISOString() } : {}),
  url: inviteUrl(i.code),
  createdAt: i.createdAt.toISOString(),
  updatedAt: i.updatedAt.toISOString(),
  ...(i.revokedAt !== null ? { revokedAt: i.revokedAt.toISOString() } : {}),
});
