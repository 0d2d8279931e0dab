import type { BusinessGrant } from "../db/generated/client.ts";
import type { z } from "zod";
import type { GrantResource } from "./schemas.ts";

type GrantRow = Pick<
  BusinessGrant,
  "id" | "platformId" | "businessId" | "grantedScopes" | "status" | "source" | "createdAt" | "revokedAt" | "revokedBy" | "lastUsedAt"
>;

const SOURCES = ["link_session", "invite", "direct"] as const;
const source = (s: string): (typeof SOURCES)[number] => ((SOURCES as readonly string[]).includes(s) ? (s as (typeof SOURCES)[number]) : "direct");

/** A business grant as the platform sees it. */
export const serializeGrant = (g: GrantRow, businessName: string): z.output<typeof GrantResource> => ({
  _id: g.id,
  grantId: g.id,
  platformId: g.platformId,
  businessId: g.businessId,
  businessName,
  grantedScopes: [...g.grantedScopes],
  status: g.status === "active" ? "active" : "revoked",
  source: source(g.source),
  createdAt: g.createdAt.toISOString(),
  revokedAt: g.revokedAt?.toISOString() ?? null,
  revokedBy: g.revokedBy === "platform" || g.revokedBy === "business" ? g.revokedBy : null,
  lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
});
