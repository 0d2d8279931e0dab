// The objects a request named, so an object's timeline can find the requests about it: the values of the
// route's path parameters, and the top-level id-like fields of the response (and of its `data` envelope: `id`, `_id`,
// `purchaseId`, `journalId`, …). Secret handles (a link session's sessionKey) are never kept here: the recorder maps
// them to the session's id instead (record-requests.ts).
import { isSecretField } from "./redact.ts";

const MAX_IDS = 16;
/** An id is a plain token: letters, digits, _ and -, 6 to 100 characters (not an email, a URL or a sentence). */
const ID_SHAPE = /^[A-Za-z0-9_-]{6,100}$/;

const idLike = (name: string): boolean => name === "id" || name === "_id" || /[a-z](Id|_id)$/.test(name);

/** Path parameter values (all but secret ones) and id-like top-level response fields, de-duplicated. */
export const objectIdsOf = (params: Record<string, unknown> | undefined, response: unknown): string[] => {
  const out = new Set<string>();
  for (const [name, v] of Object.entries(params ?? {})) if (typeof v === "string" && !isSecretField(name) && ID_SHAPE.test(v)) out.add(v);
  const scan = (obj: unknown) => {
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) return;
    for (const [name, v] of Object.entries(obj as Record<string, unknown>)) {
      // the error body's requestId names the request itself, not an object
      if (!idLike(name) || name === "requestId" || isSecretField(name)) continue;
      if (typeof v === "string" && ID_SHAPE.test(v)) out.add(v);
    }
  };
  scan(response);
  // the `{ data: {...} }` envelope of the game API's answers
  scan((response as { data?: unknown } | null | undefined)?.data);
  return [...out].slice(0, MAX_IDS);
};
