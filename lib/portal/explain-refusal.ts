// "Why was this refused?": an explanation of a failed /v1 request, derived from the error body the kernel
// stored (lib/request-log): the missing scope and each set that lacks it (lib/platform/scopes.ts names them
// in details[]), the invalid fields, the idempotency conflict, which header an authentication error is
// about, and the code's line of the error table (docs/errors.md). Pure: no database.
import { ERRORS, type ErrorCode } from "../core/errors.ts";
import { SCOPE_SET_FIELD, type ScopeSet } from "../platform/scopes.ts";

export type RefusalKind = "scope" | "validation" | "idempotency" | "authentication" | "access" | "other";

export type Explanation = {
  kind: RefusalKind;
  title: string;
  /** the message the API answered with */
  message: string;
  /** one line per thing to look at: a field, a scope set, a header */
  points: { label: string; text: string }[];
  /** what to do next */
  fix?: string;
  code: string;
  /** the code's line in the error table (docs/errors.md) */
  codeDoc?: string;
  /** the API reference */
  docsHref: string;
};

export type RefusedRequest = {
  status: number;
  errorCode: string | null;
  /** the stored (redacted) error body */
  responseBody: string | null;
  idempotencyKey: string | null;
  method: string;
  path: string;
};

type ErrorBodyShape = { error?: unknown; code?: unknown; details?: unknown };

const parseBody = (text: string | null): ErrorBodyShape => {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as ErrorBodyShape) : {};
  } catch {
    return {};
  }
};

const detailsOf = (body: ErrorBodyShape): { field: string; message: string }[] =>
  Array.isArray(body.details)
    ? body.details.flatMap((d) =>
        d && typeof d === "object" && typeof (d as { field?: unknown }).field === "string"
          ? [{ field: (d as { field: string }).field, message: String((d as { message?: unknown }).message ?? "") }]
          : [],
      )
    : [];

const SET_NAMES: Record<ScopeSet, string> = {
  platform: "The platform's approved scopes",
  key: "This key's scopes",
  grant: "The business's grant",
};
const SET_OF_FIELD = Object.fromEntries(Object.entries(SCOPE_SET_FIELD).map(([set, field]) => [field, set as ScopeSet])) as Record<string, ScopeSet>;

/** The code's line in the error table, by wire code. */
const codeDocOf = (code: string): string | undefined => {
  const table = ERRORS as Record<string, { doc: string; code?: string }>;
  const entry = table[code] ?? Object.values(table).find((e) => e.code === code);
  return entry?.doc;
};

/** Which header an authentication refusal is about, from the kernel's message (lib/http/authenticate.ts). */
const authPoints = (message: string): { points: Explanation["points"]; fix: string } => {
  if (/^Missing API key/.test(message))
    return { points: [{ label: "Authorization", text: "No key was sent." }], fix: "Send `Authorization: Bearer <key>` with the full raw key." };
  if (/needs a .* key; a .* key was sent/.test(message))
    return { points: [{ label: "Authorization", text: message }], fix: "Use a key of the kind this endpoint takes (server, campaign or platform)." };
  if (/revoked/.test(message))
    return {
      points: [{ label: "Authorization", text: "The key is unknown, revoked, or past the grace period of a rotation." }],
      fix: "Use an active key: the API keys page shows each key's status.",
    };
  if (/X-Game-Id/.test(message))
    return {
      points: [{ label: "X-Game-Id", text: message }],
      fix: "Send the id of the game the server key belongs to in X-Game-Id.",
    };
  if (/X-Campaign-Id/.test(message))
    return { points: [{ label: "X-Campaign-Id", text: message }], fix: "Send the id of the campaign the campaign key belongs to in X-Campaign-Id." };
  if (/platform of this API key is not active/.test(message))
    return { points: [{ label: "Platform", text: message }], fix: "The platform was suspended; contact support." };
  return { points: [{ label: "Authorization", text: "The key is malformed: it is not a Coinop key." }], fix: "Copy the raw key again, in full." };
};

/** The explanation of a refused request; null for a request that succeeded. */
export const explainRefusal = (r: RefusedRequest): Explanation | null => {
  if (r.status < 400) return null;
  const body = parseBody(r.responseBody);
  const code = r.errorCode ?? (typeof body.code === "string" ? body.code : "UNKNOWN");
  const message = typeof body.error === "string" ? body.error : "";
  const details = detailsOf(body);
  const base = { code, message, codeDoc: codeDocOf(code), docsHref: "/docs" };

  switch (code as ErrorCode) {
    case "INSUFFICIENT_SCOPE": {
      const scope = /needs (\S+);/.exec(message)?.[1] ?? "the scope of this call";
      const sets = details.map((d) => ({ set: SET_OF_FIELD[d.field], ...d }));
      return {
        ...base,
        kind: "scope",
        title: `Missing scope: ${scope}`,
        points: [
          {
            label: "Scope",
            text: `This call needs ${scope}. A platform key may use it only when the platform, the key and (acting for a business) the grant all hold it.`,
          },
          ...sets.map((s) => ({ label: s.set ? `${SET_NAMES[s.set]} (${s.field})` : s.field, text: s.message })),
        ],
        fix: sets.length === 1 ? sets[0]!.message.replace(/^This call needs \S+; /, "") : "Each set above lacks it: fix each one.",
      };
    }
    case "IDEMPOTENCY_KEY_REUSED":
      return {
        ...base,
        kind: "idempotency",
        title: "Idempotency-Key used for a different request",
        points: [
          { label: "Idempotency-Key", text: r.idempotencyKey ?? "(not recorded)" },
          {
            label: "Conflict",
            text: "An earlier request with this key had a different method, path or body. The key stays bound to that first request and its stored answer.",
          },
        ],
        fix: "Retry the same request with the same key, or send a new key for a new request.",
      };
    case "IDEMPOTENCY_IN_PROGRESS":
      return {
        ...base,
        kind: "idempotency",
        title: "The same request was still in flight",
        points: [
          { label: "Idempotency-Key", text: r.idempotencyKey ?? "(not recorded)" },
          { label: "Conflict", text: "A request with this key had not finished when this one arrived (two retries at once, or a retry too soon)." },
        ],
        fix: "Wait for the first request, then retry with the same key: you get its stored answer.",
      };
    case "IDEMPOTENCY_KEY_REQUIRED":
    case "IDEMPOTENCY_KEY_INVALID":
      return {
        ...base,
        kind: "idempotency",
        title: code === "IDEMPOTENCY_KEY_REQUIRED" ? "No Idempotency-Key" : "Unusable Idempotency-Key",
        points: [{ label: "Idempotency-Key", text: message }],
        fix: "Send a unique Idempotency-Key (a UUID) with each new change, and the same key when you retry it.",
      };
    case "UNAUTHORIZED": {
      const { points, fix } = authPoints(message);
      return { ...base, kind: "authentication", title: "The request was not authenticated", points, fix };
    }
    case "TARGET_BUSINESS_REQUIRED":
      return {
        ...base,
        kind: "authentication",
        title: "No target business",
        points: [{ label: "X-Target-Business-Id", text: "A platform key acting for a business must name it in X-Target-Business-Id." }],
        fix: "Send the business's id in X-Target-Business-Id.",
      };
    case "UNSUPPORTED_API_VERSION":
      return {
        ...base,
        kind: "authentication",
        title: "Unsupported API version",
        points: [{ label: "X-Service-API-Version", text: message }],
        fix: 'Send "v1" or leave the header out.',
      };
    case "GRANT_REQUIRED":
      return {
        ...base,
        kind: "access",
        title: "No grant from the business",
        points: [{ label: "Grant", text: "The business has no active grant for this platform." }],
        fix: "Ask the business to accept an invite or a link session from your platform.",
      };
    case "BUSINESS_NOT_ACTIVATED":
      return {
        ...base,
        kind: "access",
        title: "The business is not approved to go live",
        points: [{ label: "Activation", text: message || "Nothing live can be created or used until an operator approves the business's activation." }],
        fix: "Apply to go live from the portal's activation page (or links.kyb); until it is approved, use test keys.",
      };
    default:
      if (details.length > 0)
        return {
          ...base,
          kind: "validation",
          title: code === "VALIDATION_ERROR" ? "Invalid fields" : "The request was refused",
          points: details.map((d) => ({ label: d.field, text: d.message })),
          fix: "Correct each field above and send the request again (with a new Idempotency-Key if the body changed).",
        };
      return { ...base, kind: "other", title: r.status >= 500 ? "Server error" : "The request was refused", points: [] };
  }
};
