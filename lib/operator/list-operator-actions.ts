// The operator audit log: OperatorAction rows, newest first, filtered by action and by operator (exact), one
// page at a time (a cursor: the last row's id).
import type { DbContext } from "../core/context.ts";

export type OperatorActionRow = {
  id: string;
  at: Date;
  operatorEmail: string;
  action: string;
  objectType: string;
  objectId: string;
  reason: string;
  details: unknown;
};

export const listOperatorActions = async (
  { db }: DbContext,
  { action, operator, before, limit = 100 }: { action?: string; operator?: string; before?: string; limit?: number },
): Promise<{ rows: OperatorActionRow[]; next: string | null; actions: string[]; operators: string[] }> => {
  const where = { ...(action ? { action } : {}), ...(operator ? { operatorEmail: operator } : {}) };
  const cursor = before ? await db.operatorAction.findUnique({ where: { id: before }, select: { createdAt: true, id: true } }) : null;
  const [rows, actions, operators] = await Promise.all([
    db.operatorAction.findMany({
      where: cursor ? { ...where, OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit + 1,
    }),
    db.operatorAction.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
    db.operatorAction.findMany({ distinct: ["operatorEmail"], select: { operatorEmail: true }, orderBy: { operatorEmail: "asc" } }),
  ]);
  const page = rows.slice(0, limit);
  return {
    rows: page.map((r) => ({
      id: r.id,
      at: r.createdAt,
      operatorEmail: r.operatorEmail,
      action: r.action,
      objectType: r.objectType,
      objectId: r.objectId,
      reason: r.reason,
      details: r.details,
    })),
    next: rows.length > limit ? page.at(-1)!.id : null,
    actions: actions.map((a) => a.action),
    operators: operators.map((o) => o.operatorEmail),
  };
};
