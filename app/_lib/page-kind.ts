// Which kind of page a path is, for its `<html lang>` (page-locale.ts). Pure: the proxy's header in, a kind out.

/** The request header the proxy sets to the page's path and query (proxy.tsx). */
export const PAGE_URL_HEADER = "x-coinop-page-url";

export type PageKind =
  | { kind: "english" }
  | { kind: "portal" }
  | { kind: "browser" }
  | { kind: "grantCheckout"; id: string; sig: string | null }
  | { kind: "sessionCheckout"; id: string }
  | { kind: "checkoutSuccess"; id: string; sig: string | null }
  | { kind: "checkoutCancel"; id: string; sig: string | null }
  | { kind: "invoice"; id: string; sig: string | null }
  | { kind: "link"; id: string }
  | { kind: "businessConnect"; id: string };

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The kind of page at `url` (a path with its query, as the proxy saw it); a page we do not know speaks the browser's language. */
export const pageKindOf = (url: string | null): PageKind => {
  if (!url) return { kind: "browser" };
  const parsed = URL.parse(url, "http://page.invalid");
  if (!parsed) return { kind: "browser" };
  const parts = parsed.pathname.split("/").filter(Boolean).map(decode);
  if (parts.some((p) => p === null)) return { kind: "browser" };
  const [a, b, c] = parts as string[];
  const sig = parsed.searchParams.get("sig");
  const n = parts.length;
  // the theme preview in the portal shows the checkout in the browser's language
  if (a === "portal" && parts.includes("preview")) return { kind: "browser" };
  // The portal speaks its member's language, else the browser's (app/portal/_lib/portal-locale.ts); a page whose
  // content is not translated yet marks its <main lang="en"> (PortalPageShell's `translated`).
  if (a === "portal") return { kind: "portal" };
  if (a === "operator" || a === "dev" || a === "docs") return { kind: "english" };
  if (a === "checkout" && n === 3 && b === "g" && c) return { kind: "grantCheckout", id: c, sig };
  if (a === "checkout" && n === 3 && b === "r" && c) return { kind: "sessionCheckout", id: c };
  if (a === "checkout" && n === 3 && b === "success" && c) return { kind: "checkoutSuccess", id: c, sig };
  if (a === "checkout" && n === 3 && b === "cancel" && c) return { kind: "checkoutCancel", id: c, sig };
  if (a === "invoice" && n === 2 && b) return { kind: "invoice", id: b, sig };
  if (a === "link" && n === 2 && b) return { kind: "link", id: b };
  if (a === "business" && n === 3 && b === "connect" && c) return { kind: "businessConnect", id: c };
  return { kind: "browser" };
};
