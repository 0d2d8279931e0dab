// The audit log in words: each action name (`webhook_endpoint.secret_revealed`) as a sentence about its object
// ("Revealed the signing secret of webhook endpoint https://…"), filled from the entry's safe details (names,
// labels, prefixes, emails), and the portal page that shows the object. An API call recorded by the kernel
// ("POST /v1/vc/credit") reads "Called POST /v1/vc/credit". Every action the code writes has a sentence: a
// test (audit-sentence.test.ts) reads the source for action names and fails on one missing here.

type Details = Record<string, unknown>;
type Sentence = (d: Details) => string;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : null);
/** “value” when the details hold it, else nothing (the sentence still reads). */
const named = (...values: unknown[]) => {
  for (const v of values) {
    const t = text(v);
    if (t) return ` “${t}”`;
  }
  return "";
};
const list = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(", ") : null);
const keyName = (d: Details) => `${named(d.label)}${text(d.prefix) ? ` (${String(d.prefix)}…)` : ""}`;
const fields = (d: Details) => {
  const f = list(d.fields) ?? list(d.changed) ?? (d.fields && typeof d.fields === "object" ? list(Object.keys(d.fields)) : null);
  return f ? `: ${f}` : "";
};
const fromTo = (d: Details) => (text(d.from) && text(d.to) ? ` from ${String(d.from)} to ${String(d.to)}` : "");

export const AUDIT_SENTENCES: Record<string, Sentence> = {
  "api_key.created": (d) => `Created API key${keyName(d)}`,
  "api_key.labelled": (d) => `Renamed API key${text(d.prefix) ? ` ${String(d.prefix)}…` : ""}${text(d.label) ? ` to “${String(d.label)}”` : ""}`,
  "api_key.rotated": (d) => `Rotated API key${keyName(d)}; the old key works until its grace period ends`,
  "api_key.revoked": (d) => `Revoked API key${keyName(d)}`,
  "business.created": (d) => `Created the business${named(d.name)}`,
  "business.activation.draft_saved": () => "Saved the go-live application as a draft",
  "business.activation.document_added": (d) => `Added the document${named(d.filename)} to the go-live application`,
  "business.activation.document_removed": (d) => `Removed the document${named(d.filename)} from the go-live application`,
  "business.activation.submitted": () => "Submitted the go-live application for review",
  "business.activation.approved": () => "Approved the go-live application: live mode is open",
  "business.activation.rejected": () => "Rejected the go-live application",
  "business.activation.action_required": () => "Asked for changes to the go-live application",
  "cashout.approved": () => "Approved a cashout request",
  "cashout.rejected": () => "Rejected a cashout request",
  "checkout_theme.updated": (d) => `Changed the checkout theme${fields(d)}`,
  "compliance.moved": (d) => `Changed a player's compliance status${fromTo(d)}`,
  "currency.created": (d) => `Created the virtual currency${named(d.code)}`,
  "currency.rate_changed": (d) => `Changed the rate of${named(d.code) || " a virtual currency"}${fromTo(d)}`,
  "deal.created": (d) => `Created the deal${named(d.code)}`,
  "deal.updated": (d) => `Changed the deal${named(d.code)}${fields(d)}`,
  "deal.activated": (d) => `Activated the deal${named(d.code)}`,
  "deal.deactivated": (d) => `Deactivated the deal${named(d.code)}`,
  "game.created": (d) => `Created the game${named(d.name)}`,
  "game.settings_updated": (d) => `Changed the game's settings${fields(d)}`,
  "game.profile_updated": (d) => `Changed the game's profile${fields(d)}`,
  "link_invite.created": (d) => `Created the campaign invite${named(d.label, d.code)}`,
  "member.invited": (d) => `Invited${named(d.email) || " a member"}${list(d.roles) ? ` as ${list(d.roles)}` : ""}`,
  "member.roles_changed": (d) => `Changed the roles of${named(d.email) || " a member"}${list(d.to) ? ` to ${list(d.to)}` : ""}`,
  "member.removed": (d) => `Removed${named(d.email) || " a member"} from the business`,
  "operator.added": (d) => `Added the operator${named(d.email)}`,
  "operator.removed": (d) => `Removed the operator${named(d.email)}`,
  "operator.signed_in": () => "Signed in to the operator console",
  "operator.signed_in_with_recovery_code": () => "Signed in to the operator console with a recovery code",
  "operator.totp.enrolled": () => "Set up an authenticator app for the operator console",
  "platform.registered": (d) => `Registered the platform${named(d.name)}`,
  "platform.scopes.approved": (d) => `Approved the platform scopes${list(d.scopes) ? ` ${list(d.scopes)}` : ""}`,
  "platform.scopes.rejected": (d) => `Rejected the platform scopes${list(d.scopes) ? ` ${list(d.scopes)}` : ""}`,
  "platform_scopes.requested": (d) => `Asked for the platform scopes${list(d.scopes) ? ` ${list(d.scopes)}` : ""}`,
  "platform_key.created": (d) => `Created platform key${keyName(d)}`,
  "platform_key.rotated": (d) => `Rotated platform key${keyName(d)}`,
  "platform_key.revoked": (d) => `Revoked platform key${keyName(d)}`,
  "product.created": (d) => `Created the product${named(d.name)}`,
  "product.updated": (d) => `Changed the product${named(d.name)}${fields(d)}`,
  "product.approved": () => "Approved a player-made product",
  "product.declined": () => "Declined a player-made product",
  "test_helper.link_session_approved": (d) => `Approved a link session${named(d.userRef) ? ` for${named(d.userRef)}` : ""} (test helper)`,
  "test_helper.wallet_funded": (d) => `Funded a test wallet${text(d.amountUsdc) ? ` with ${String(d.amountUsdc)} USDC` : ""} (test helper)`,
  "webhook_endpoint.created": (d) => `Added the webhook endpoint${named(d.url)}`,
  "webhook_endpoint.updated": (d) => `Changed a webhook endpoint${fields(d)}`,
  "webhook_endpoint.enabled": () => "Enabled a webhook endpoint",
  "webhook_endpoint.disabled": () => "Disabled a webhook endpoint",
  "webhook_endpoint.deleted": (d) => `Deleted the webhook endpoint${named(d.url)}`,
  "webhook_endpoint.url_cleared": () => "Cleared the URL of the primary webhook endpoint",
  "webhook_endpoint.secret_revealed": () => "Revealed the signing secret of a webhook endpoint",
  "webhook_endpoint.secret_rotated": () => "Rotated the signing secret of a webhook endpoint",
  "webhook_endpoint.test_sent": () => "Sent a test event to a webhook endpoint",
  "webhook_delivery.resent": () => "Resent a webhook delivery",
  "webhook_deliveries.recovered": (d) => `Sent the failed webhook deliveries again${text(d.recovered) ? ` (${String(d.recovered)})` : ""}`,
};

const API_CALL = /^(GET|POST|PUT|PATCH|DELETE) \//;

/** The entry as a sentence (its action name humanized when it has none: an entry older than its sentence). */
export const auditSentence = (action: string, details: unknown): string => {
  const d = details && typeof details === "object" && !Array.isArray(details) ? (details as Details) : {};
  const sentence = AUDIT_SENTENCES[action];
  if (sentence) return sentence(d);
  if (API_CALL.test(action)) return `Called ${action}`;
  const words = action.replace(/[._]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Whether the action has a sentence of its own (an API call counts: it has the generic one). */
export const hasAuditSentence = (action: string) => action in AUDIT_SENTENCES || API_CALL.test(action);

/**
 * The portal page (path under /portal/{businessId}, no env) that shows the object, and what the link says;
 * null when the object has no page (or is gone for good: a deleted endpoint still leads to the webhooks).
 */
export const auditObjectLink = (entry: { objectType: string; objectId: string; details: unknown }): { path: string; label: string } | null => {
  const d = entry.details && typeof entry.details === "object" ? (entry.details as Details) : {};
  const id = encodeURIComponent(entry.objectId);
  const game = text(d.gameId);
  switch (entry.objectType) {
    case "game":
      return { path: `/games/${id}`, label: "Open the game" };
    case "api_key":
      return { path: `/keys#key-${id}`, label: "Open API keys" };
    case "webhook_endpoint":
    case "webhook_delivery":
      if (text(d.platformId)) return { path: `/platforms/${encodeURIComponent(String(d.platformId))}/webhooks`, label: "Open the platform's webhooks" };
      return { path: game ? `/webhooks?game=${encodeURIComponent(game)}` : "/webhooks", label: "Open webhooks" };
    case "product":
      return { path: "/catalogue", label: "Open the catalogue" };
    case "deal":
      return { path: "/catalogue/deals", label: "Open deals" };
    case "currency":
      return { path: "/ledger", label: "Open the ledger" };
    case "campaign":
      return { path: `/campaigns/${id}`, label: "Open the campaign" };
    case "business_member":
      return { path: "/members", label: "Open members" };
    case "business":
    case "verification_document":
      return { path: "/activation", label: "Open Go live" };
    case "platform":
      return { path: `/platforms/${id}`, label: "Open the platform" };
    case "platform_scope_request":
      return text(d.platformId) ? { path: `/platforms/${encodeURIComponent(String(d.platformId))}`, label: "Open the platform" } : null;
    case "cashout_request":
      return { path: "/cashouts", label: "Open cashouts" };
    case "purchase":
      return { path: `/timeline/${id}`, label: "Open the timeline" };
    default:
      return null;
  }
};
