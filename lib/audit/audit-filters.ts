// The audit log's filters as a page's search parameters (or the CSV export's) give them: actor type, action
// text (contained, any case), object type and id (exact), and a date range in UTC days (from and to both
// included). A value that is not valid is dropped and named in `invalid`, so the page can say so instead
// of failing; the export applies the same filters.
import type { Environment } from "../core/environment.ts";

export const AUDIT_ACTOR_TYPES = ["member", "key", "platform", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export type AuditFilters = {
  actorType?: AuditActorType;
  action?: string;
  objectType?: string;
  objectId?: string;
  /** the first instant included */
  from?: Date;
  /** the first instant excluded (the day after `to`) */
  before?: Date;
};

/** Objects of the business itself (its name, its members): shown in both the test and the live log. */
export const BUSINESS_LEVEL_OBJECTS = ["business", "business_member"];

export type AuditQuery = { businessId: string; environment: Environment; filters: AuditFilters };

type Params = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayOf = (s: string): Date | null => {
  const m = DAY.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s ? d : null;
};

/** The filters of a search-parameter object, the raw values to put back in the form, and the names of dropped values. */
export const parseAuditFilters = (params: Params) => {
  const raw = {
    actor: one(params.actor),
    action: one(params.action),
    objectType: one(params.objectType),
    objectId: one(params.objectId),
    from: one(params.from),
    to: one(params.to),
  };
  const filters: AuditFilters = {};
  const invalid: string[] = [];
  if (raw.actor) {
    if ((AUDIT_ACTOR_TYPES as readonly string[]).includes(raw.actor)) filters.actorType = raw.actor as AuditActorType;
    else invalid.push("actor");
  }
  const text = (name: "action" | "objectType" | "objectId", max: number) => {
    const v = raw[name];
    if (!v) return;
    if (v.length > max || v.includes("\u0000")) invalid.push(name);
    else filters[name] = v;
  };
  text("action", 200);
  text("objectType", 100);
  text("objectId", 200);
  if (raw.from) {
    const d = dayOf(raw.from);
    if (d) filters.from = d;
    else invalid.push("from");
  }
  if (raw.to) {
    const d = dayOf(raw.to);
    if (d) filters.before = new Date(d.getTime() + 86_400_000);
    else invalid.push("to");
  }
  return { filters, raw, invalid };
};

/** The Prisma `where` of the business's entries in an environment (business-level objects in both) with the filters. */
export const auditWhere = ({ businessId, environment, filters: f }: AuditQuery) => ({
  businessId,
  OR: [{ environment }, { objectType: { in: BUSINESS_LEVEL_OBJECTS } }],
  ...(f.actorType ? { actorType: f.actorType } : {}),
  ...(f.action ? { action: { contains: f.action, mode: "insensitive" as const } } : {}),
  ...(f.objectType ? { objectType: f.objectType } : {}),
  ...(f.objectId ? { objectId: f.objectId } : {}),
  ...(f.from || f.before ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.before ? { lt: f.before } : {}) } } : {}),
});
