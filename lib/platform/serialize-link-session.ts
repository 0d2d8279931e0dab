import type { PlatformLinkSession } from "../db/generated/client.ts";
import type { z } from "zod";
import { appBaseUrl } from "../config/settings.ts";
import type { LinkSessionStatus, PlatformLinkSessionResource } from "./schemas.ts";

/** The hosted page where a business admin approves or declines the session. */
export const platformLinkSessionUrl = (sessionKey: string): string => `${appBaseUrl()}/business/connect/${encodeURIComponent(sessionKey)}`;

/** The session's status now: a pending session past its expiry reads as expired. */
export const linkSessionStatus = (s: Pick<PlatformLinkSession, "state" | "expiresAt">, now: Date): z.output<typeof LinkSessionStatus> =>
  s.state === "pending" && s.expiresAt <= now ? "expired" : (s.state as z.output<typeof LinkSessionStatus>);

export const serializeLinkSession = (s: PlatformLinkSession, now: Date): z.output<typeof PlatformLinkSessionResource> => ({
  sessionKey: s.sessionKey,
  url: platformLinkSessionUrl(s.sessionKey),
  status: linkSessionStatus(s, now),
  scopes: [...s.scopes],
  metadata: s.metadata ?? null,
  businessId: s.businessId,
  grantId: s.grantId,
  createdAt: s.createdAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});
