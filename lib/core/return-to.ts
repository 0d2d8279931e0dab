// The one rule for a return target (returnTo, next-auth's callbackUrl, any "go back there" parameter): where
// the server accepts one and where the browser navigates to one. Pure, so the browser runs the same code.
//
// The target is parsed as a URL against the app's own origin, after normalisation (dot segments, backslashes,
// default ports, case), never judged by its first characters. What is kept is the resulting path and query,
// and only when:
//   - it has no control characters or whitespace at all (the URL parser silently drops tabs and newlines,
//     so "/\t/evil.example" would become "//evil.example" between the check and the browser);
//   - it resolves to the app's own origin;
//   - the path it becomes still resolves to that origin from any base: not "//host" or "/\host" (a path
//     such as "/..//evil.example" normalises to "//evil.example", which a browser reads as another host);
//   - and the same holds after percent-decoding its path (a proxy or framework that decodes %2F or %5C must not
//     turn "/%2F%2Fevil.example" into "//evil.example").
// Anything else is dropped (null): the page then simply does not navigate.

/** The origin used when the caller has none to give: any origin works, only paths are ever returned. */
export const RETURN_TO_PLACEHOLDER_ORIGIN = "http://coinop.invalid";

/** A target's maximum length: a path and query of ours is far shorter. */
export const RETURN_TO_MAX_LENGTH = 2048;

const FOREIGN_ORIGIN = "http://foreign.invalid";

/** Unicode whitespace beyond ASCII (no-break, ideographic, line and paragraph separators, BOM). */
const WIDE_SPACE = /[\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Any C0 control, space, DEL, C1 control, or other Unicode whitespace: never part of a target we keep. */
const hasControlOrSpace = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return WIDE_SPACE.test(s);
};

const stays = (path: string, origin: string): boolean => {
  try {
    return new URL(path, origin).origin === origin && new URL(path, FOREIGN_ORIGIN).origin === FOREIGN_ORIGIN;
  } catch {
    return false;
  }
};

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * The path and query (`/link/…?x=1`) to return to on `origin` (the app's own, e.g. `window.location.origin`
 * in the browser), or null when the target could leave it. See the rule above.
 */
export const sameOriginReturnPath = (value: unknown, origin: string = RETURN_TO_PLACEHOLDER_ORIGIN): string | null => {
  if (typeof value !== "string" || value === "" || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (hasControlOrSpace(value)) return null;
  let own: string;
  let url: URL;
  try {
    own = new URL(origin).origin;
    url = new URL(value, `${own}/`);
  } catch {
    return null;
  }
  if (url.origin !== own || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  if (url.username || url.password) return null;
  const path = `${url.pathname}${url.search}`;
  if (!path.startsWith("/") || !stays(path, own)) return null;
  // the path decoded once and twice: what a decoding proxy, router or second redirect would see
  let seen = url.pathname;
  for (let i = 0; i < 2; i++) {
    const next = decoded(seen);
    if (next === null || hasControlOrSpace(next) || next.includes("\\") || !stays(next, own)) return null;
    if (next === seen) break;
    seen = next;
  }
  return path;
};
