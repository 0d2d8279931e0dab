// The operator console's queue of live scope requests: pending first (oldest on top), then the latest
// decided ones, each with its platform's name and what the platform holds already.
import type { DbContext } from "../core/context.ts";

export type ScopeRequestRow = {
  id: string;
  platformId: string;
  platformName: string;
  ownerBusinessId: string | null;
  scopes: string[];
  approvedScopes: string[];
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  note: string | null;
};

export const listScopeRequestQueue = async (
  { db }: DbContext,
  { decidedLimit = 50 }: { decidedLimit?: number } = {},
): Promise<{ pending: ScopeRequestRow[]; decided: ScopeRequestRow[] }> => {
  const [pending, decided] = await Promise.all([
    db.platformScopeRequest.findMany({ where: { environment: "live", status: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500 }),
    db.platformScopeRequest.findMany({
      where: { environment: "live", status: { not: "pending" } },
      orderBy: [{ decidedAt: "desc" }, { id: "desc" }],
      take: decidedLimit,
    }),
  ]);
  const platforms = await db.platform.findMany({
    where: { id: { in: [...new Set([...pending, ...decided].map((r) => r.platformId))] } },
    select: { id: true, name: true, ownerBusinessId: true, approvedScopes: true },
  });
  const byId = new Map(platforms.map((p) => [p.id, p]));
  const row = (r: (typeof pending)[number]): ScopeRequestRow => ({
    id: r.id,
    platformId: r.platformId,
    platformName: byId.get(r.platformId)?.name ?? r.platformId,
    ownerBusinessId: byId.get(r.platformId)?.ownerBusinessId ?? null,
    scopes: r.scopes,
    approvedScopes: byId.get(r.platformId)?.approvedScopes ?? [],
    status: r.status,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    decidedBy: r.decidedBy,
    note: r.note,
  });
  return { pending: pending.map(row), decided: decided.map(row) };
};
