// The audit log in words: each action name (`webhook_endpoint.secret_revealed`) as a sentence about its object
// ("Revealed the signing secret of webhook endpoint https://…"), filled from the entry's safe details (names,
// labels, prefixes, emails), and the portal page that shows the object. The words are the catalog's
// (messages/<locale>/portal-access.json, `audit.sentence.<action>`, its fragments under `audit.fragment`); this
// file only picks which details fill them. An API call recorded by the kernel ("POST /v1/vc/credit") reads
// "Called POST /v1/vc/credit". Every action the code writes has a sentence in every locale: a test
// (audit-sentence.test.ts) reads the source for action names and fails on one missing here or in a catalog.
import { getTranslator, type TranslationValues, type Translator } from "../i18n/translator.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";

type Details = Record<string, unknown>;
/** The optional parts of a sentence, each already in the reader's words (empty when the details lack it). */
type Fragments = ReturnType<typeof fragmentsOf>;
/** The values that fill the action's catalog sentence. */
type Sentence = (d: Details, f: Fragments) => TranslationValues;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : null);
const list = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(", ") : null);

const fragmentsOf = (t: Translator) => {
  /** “value” when the details hold it, else nothing (the sentence still reads). */
  const named = (...values: unknown[]) => {
    for (const v of values) {
      const value = text(v);
      if (value) return t("audit.fragment.quoted", { value });
    }
    return "";
  };
  const prefix = (d: Details) => (text(d.prefix) ? t("audit.fragment.keyPrefix", { prefix: String(d.prefix) }) : "");
  return {
    named,
    keyName: (d: Details) => `${named(d.label)}${prefix(d)}`,
    prefixOnly: (d: Details) => (text(d.prefix) ? t("audit.fragment.prefix", { prefix: String(d.prefix) }) : ""),
    renamedTo: (d: Details) => (text(d.label) ? t("audit.fragment.renamedTo", { label: String(d.label) }) : ""),
    fields: (d: Details) => {
      const f = list(d.fields) ?? list(d.changed) ?? (d.fields && typeof d.fields === "object" ? list(Object.keys(d.fields)) : null);
      return f ? t("audit.fragment.fields", { fields: f }) : "";
    },
    fromTo: (d: Details) => (text(d.from) && text(d.to) ? t("audit.fragment.fromTo", { from: String(d.from), to: String(d.to) }) : ""),
    member: (d: Details) => named(d.email) || t("audit.fragment.aMember"),
    currency: (d: Details) => named(d.code) || t("audit.fragment.aCurrency"),
    roles: (key: "asRoles" | "toRoles", v: unknown) => (list(v) ? t(`audit.fragment.${key}`, { roles: list(v)! }) : ""),
    scopes: (d: Details) => (list(d.scopes) ? t("audit.fragment.scopes", { scopes: list(d.scopes)! }) : ""),
    user: (d: Details) => (text(d.userRef) ? t("audit.fragment.forUser", { user: String(d.userRef) }) : ""),
    amount: (d: Details) => (text(d.amountUsdc) ? t("audit.fragment.withUsdc", { amount: String(d.amountUsdc) }) : ""),
    count: (d: Details) => (text(d.recovered) ? t("audit.fragment.count", { count: String(d.recovered) }) : ""),
  };
};

const none: Sentence = () => ({});

export const AUDIT_SENTENCES: Record<string, Sentence> = {
  "api_key.created": (d, f) => ({ key: f.keyName(d) }),
  "api_key.labelled": (d, f) => ({ prefix: f.prefixOnly(d), label: f.renamedTo(d) }),
  "api_key.rotated": (d, f) => ({ key: f.keyName(d) }),
  "api_key.revoked": (d, f) => ({ key: f.keyName(d) }),
  "business.created": (d, f) => ({ name: f.named(d.name) }),
  "business.activation.draft_saved": none,
  "business.activation.document_added": (d, f) => ({ filename: f.named(d.filename) }),
  "business.activation.document_removed": (d, f) => ({ filename: f.named(d.filename) }),
  "business.activation.submitted": none,
  "business.activation.approved": none,
  "business.activation.rejected": none,
  "business.activation.action_required": none,
  "cashout.approved": none,
  "cashout.rejected": none,
  "checkout_theme.updated": (d, f) => ({ fields: f.fields(d) }),
  "compliance.moved": (d, f) => ({ fromTo: f.fromTo(d) }),
  "currency.created": (d, f) => ({ code: f.named(d.code) }),
  "currency.rate_changed": (d, f) => ({ code: f.currency(d), fromTo: f.fromTo(d) }),
  "deal.created": (d, f) => ({ code: f.named(d.code) }),
  "deal.updated": (d, f) => ({ code: f.named(d.code), fields: f.fields(d) }),
  "deal.activated": (d, f) => ({ code: f.named(d.code) }),
  "deal.deactivated": (d, f) => ({ code: f.named(d.code) }),
  "game.created": (d, f) => ({ name: f.named(d.name) }),
  "game.settings_updated": (d, f) => ({ fields: f.fields(d) }),
  "game.profile_updated": (d, f) => ({ fields: f.fields(d) }),
  "link_invite.created": (d, f) => ({ name: f.named(d.label, d.code) }),
  "member.invited": (d, f) => ({ email: f.member(d), roles: f.roles("asRoles", d.roles) }),
  "member.roles_changed": (d, f) => ({ email: f.member(d), roles: f.roles("toRoles", d.to) }),
  "member.removed": (d, f) => ({ email: f.member(d) }),
  "operator.added": (d, f) => ({ email: f.named(d.email) }),
  "operator.removed": (d, f) => ({ email: f.named(d.email) }),
  "operator.signed_in": none,
  "operator.signed_in_with_recovery_code": none,
  "operator.totp.enrolled": none,
  "platform.registered": (d, f) => ({ name: f.named(d.name) }),
  "platform.scopes.approved": (d, f) => ({ scopes: f.scopes(d) }),
  "platform.scopes.rejected": (d, f) => ({ scopes: f.scopes(d) }),
  "platform_scopes.requested": (d, f) => ({ scopes: f.scopes(d) }),
  "platform_key.created": (d, f) => ({ key: f.keyName(d) }),
  "platform_key.rotated": (d, f) => ({ key: f.keyName(d) }),
  "platform_key.revoked": (d, f) => ({ key: f.keyName(d) }),
  "product.created": (d, f) => ({ name: f.named(d.name) }),
  "product.updated": (d, f) => ({ name: f.named(d.name), fields: f.fields(d) }),
  "product.approved": none,
  "product.declined": none,
  "purchase.refunded": none,
  "invoice.refunded": (d, f) => ({ number: f.named(d.invoiceNumber) }),
  "test_helper.link_session_approved": (d, f) => ({ user: f.user(d) }),
  "test_helper.wallet_funded": (d, f) => ({ amount: f.amount(d) }),
  "webhook_endpoint.created": (d, f) => ({ url: f.named(d.url) }),
  "webhook_endpoint.updated": (d, f) => ({ fields: f.fields(d) }),
  "webhook_endpoint.enabled": none,
  "webhook_endpoint.disabled": none,
  "webhook_endpoint.deleted": (d, f) => ({ url: f.named(d.url) }),
  "webhook_endpoint.url_cleared": none,
  "webhook_endpoint.secret_revealed": none,
  "webhook_endpoint.secret_rotated": none,
  "webhook_endpoint.test_sent": none,
  "webhook_delivery.resent": none,
  "webhook_deliveries.recovered": (d, f) => ({ count: f.count(d) }),
};

const API_CALL = /^(GET|POST|PUT|PATCH|DELETE) \//;

/** The catalog key of an action's sentence. */
export const auditSentenceKey = (action: string) => `audit.sentence.${action}`;

/** The entry as a sentence in `locale` (its action name humanized when it has none: an entry older than its sentence). */
export const auditSentence = (action: string, details: unknown, locale: Locale = DEFAULT_LOCALE): string => {
  const d = details && typeof details === "object" && !Array.isArray(details) ? (details as Details) : {};
  const t = getTranslator(locale, "portal-access");
  const sentence = Object.hasOwn(AUDIT_SENTENCES, action) ? AUDIT_SENTENCES[action] : undefined;
  if (sentence) return t(auditSentenceKey(action), sentence(d, fragmentsOf(t)));
  if (API_CALL.test(action)) return t("audit.fragment.calledApi", { call: action });
  const words = action.replace(/[._]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Whether the action has a sentence of its own (an API call counts: it has the generic one). */
export const hasAuditSentence = (action: string) => Object.hasOwn(AUDIT_SENTENCES, action) || API_CALL.test(action);

type LinkLabel =
  | "game"
  | "keys"
  | "platformWebhooks"
  | "webhooks"
  | "catalogue"
  | "deals"
  | "ledger"
  | "campaign"
  | "members"
  | "activation"
  | "platform"
  | "cashouts"
  | "invoice"
  | "timeline";

/**
 * The portal page (path under /portal/{businessId}, no env) that shows the object, and what the link says in
 * `locale`; null when the object has no page (or is gone for good: a deleted endpoint still leads to the webhooks).
 */
export const auditObjectLink = (
  entry: { objectType: string; objectId: string; details: unknown },
  locale: Locale = DEFAULT_LOCALE,
): { path: string; label: string } | null => {
  const d = entry.details && typeof entry.details === "object" ? (entry.details as Details) : {};
  const id = encodeURIComponent(entry.objectId);
  const game = text(d.gameId);
  const t = getTranslator(locale, "portal-access");
  const to = (path: string, label: LinkLabel) => ({ path, label: t(`audit.link.${label}`) });
  switch (entry.objectType) {
    case "game":
      return to(`/games/${id}`, "game");
    case "api_key":
      return to(`/keys#key-${id}`, "keys");
    case "webhook_endpoint":
    case "webhook_delivery":
      if (text(d.platformId)) return to(`/platforms/${encodeURIComponent(String(d.platformId))}/webhooks`, "platformWebhooks");
      return to(game ? `/webhooks?game=${encodeURIComponent(game)}` : "/webhooks", "webhooks");
    case "product":
      return to("/catalogue", "catalogue");
    case "deal":
      return to("/catalogue/deals", "deals");
    case "currency":
      return to("/ledger", "ledger");
    case "campaign":
      return to(`/campaigns/${id}`, "campaign");
    case "business_member":
      return to("/members", "members");
    case "business":
    case "verification_document":
      return to("/activation", "activation");
    case "platform":
      return to(`/platforms/${id}`, "platform");
    case "platform_scope_request":
      return text(d.platformId) ? to(`/platforms/${encodeURIComponent(String(d.platformId))}`, "platform") : null;
    case "cashout_request":
      return to("/cashouts", "cashouts");
    case "purchase":
      return to(`/timeline/${id}`, "timeline");
    case "invoice":
      return to(`/invoices/${id}`, "invoice");
    default:
      return null;
  }
};
