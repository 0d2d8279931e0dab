// What an operator reviews for one business: its activation (status, dates, last note), the application as
// submitted, read defensively (lib/activation/schemas.ts defines its shape; an older or partial one still
// shows: every value is flattened to labelled text), its documents (without their bytes), its members with
// their roles, and its activation history from the operator audit log.
import type { DbContext } from "../core/context.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";
import { listVerificationDocuments } from "../documents/list-verification-documents.ts";
import type { StoredDocument } from "../documents/store-verification-document.ts";

export type ApplicationField = { label: string; value: string };

/** "legalName" → "Legal name", "representative.dateOfBirth" → "Representative · date of birth". */
export const labelOf = (path: string[]): string =>
  path
    .map((p, i) => {
      const words = p
        .replace(/[_-]+/g, " ")
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .trim();
      return i === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    })
    .join(" · ");

// The order a reviewer reads an application in (PostgreSQL's jsonb keeps its keys in its own order): these keys
// first, in this order, at any depth; any other key after them, alphabetically.
const KEY_ORDER = [
  "legalName",
  "name",
  "tradingName",
  "address",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "country",
  "registrationNumber",
  "taxId",
  "website",
  "productDescription",
  "description",
  "representative",
  "firstName",
  "lastName",
  "dateOfBirth",
  "email",
];
const rank = (k: string) => (KEY_ORDER.includes(k) ? KEY_ORDER.indexOf(k) : KEY_ORDER.length);
const ordered = (o: Record<string, unknown>) => Object.entries(o).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));

/** Every leaf of the application as a labelled line, known keys first (arrays by position). */
export const flattenApplication = (value: unknown, path: string[] = []): ApplicationField[] => {
  if (value === null || value === undefined || value === "") return path.length ? [{ label: labelOf(path), value: "—" }] : [];
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return [{ label: labelOf(path), value: value.map(String).join(", ") || "—" }];
    return value.flatMap((v, i) => flattenApplication(v, [...path, String(i + 1)]));
  }
  if (typeof value === "object") return ordered(value as Record<string, unknown>).flatMap(([k, v]) => flattenApplication(v, [...path, k]));
  return [{ label: labelOf(path.length ? path : ["value"]), value: String(value) }];
};

export type ActivationReview = {
  business: { id: string; name: string; environment: "test" | "live"; createdAt: Date };
  kybStatus: VerificationStatus;
  kybSubmittedAt: Date | null;
  kybDecidedAt: Date | null;
  kybNote: string | null;
  application: ApplicationField[];
  documents: StoredDocument[];
  members: { email: string; roles: string[]; isOwner: boolean }[];
  history: { at: Date; operatorEmail: string; action: string; reason: string }[];
};

/** The review of one business; null for an unknown id. */
export const loadActivationReview = async (ctx: DbContext, { businessId }: { businessId: string }): Promise<ActivationReview | null> => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(businessId)) return null;
  const b = await ctx.db.business.findUnique({ where: { id: businessId } });
  if (!b) return null;
  const [documents, members, history] = await Promise.all([
    listVerificationDocuments(ctx, { subjectType: "business", subjectId: b.id }),
    ctx.db.businessMember.findMany({ where: { businessId: b.id }, select: { email: true, roles: true, isOwner: true }, orderBy: { createdAt: "asc" } }),
    ctx.db.operatorAction.findMany({ where: { objectType: "business", objectId: b.id }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  return {
    business: { id: b.id, name: b.name, environment: b.environment, createdAt: b.createdAt },
    kybStatus: verificationStatusOf(b.kybStatus),
    kybSubmittedAt: b.kybSubmittedAt,
    kybDecidedAt: b.kybDecidedAt,
    kybNote: b.kybNote,
    application: flattenApplication(b.kybApplication),
    documents,
    members,
    history: history.map((h) => ({ at: h.createdAt, operatorEmail: h.operatorEmail, action: h.action, reason: h.reason })),
  };
};
