// GET /docs: the interactive API reference (Scalar), reading /api/v1/openapi.json. Everything it
// loads comes from this server: the bundle from /docs/scalar.js, no web fonts, no telemetry.
// Tags start closed: with every tag open, Scalar renders all ~150 operations before the page answers
// to input (tens of seconds on a phone). The page is declared English for screen readers, and the theme is
// adjusted where axe (WCAG 2.2 AA, e2e/a11y.spec.ts) finds Scalar's defaults short: text contrast, 24 px touch
// targets, and a name for the icon-only "copy code" buttons.
// Its scripts (Scalar's bundle and configuration, the label script below) carry the request's nonce
// (proxy.ts): the page's Content-Security-Policy runs no other script.
import { ApiReference } from "@scalar/nextjs-api-reference";
import { KEY_PLACEHOLDERS } from "@/lib/http/openapi";
import { readScriptNonce } from "@/lib/http/script-nonce";
import { scalarVersion } from "./scalar-bundle";

export const dynamic = "force-dynamic";

/** Scalar's light theme greys (#757575, #8e8e8e) and orange (#cf7a2b) fall below 4.5:1 on its backgrounds. */
const CUSTOM_CSS = `
.light-mode, .light-mode * {
  --scalar-color-2: #4f4f4f !important;
  --scalar-color-3: #5c5c5c !important;
  --scalar-color-orange: #9a4a05 !important;
}
.light-mode .property-required, .light-mode .hljs-number { color: #9a4a05 !important; }
li[data-sidebar-id] button[class*="right-1.25"] { min-width: 24px; min-height: 24px; }
`;

/** Names Scalar's icon-only buttons that copy a code block (`.scalar-code-copy`: an svg and no text). */
const LABEL_SCRIPT = `(() => {
  const name = () => document.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach((b) => b.setAttribute("aria-label", "Copy code"));
  new MutationObserver(name).observe(document.documentElement, { childList: true, subtree: true });
})();`;

/**
 * A bar above the reference linking the error-code page (/docs/errors, generated from lib/core/errors.ts): the
 * page every error body's docUrl points into. Plain HTML and inline style (style-src allows it; no script).
 */
const ERRORS_BAR = `<header style="display:flex;flex-wrap:wrap;gap:0.25rem 1rem;align-items:center;padding:0.5rem 1rem;border-bottom:1px solid #d4d4d4;background:#fff;color:#1f1f1f;font:14px/1.5 system-ui,sans-serif"><strong>Coinop API reference</strong><a href="/docs/errors" style="color:#9a4a05;text-decoration:underline;display:inline-block;min-height:24px;line-height:24px">Error codes: every code, its status and what to do</a></header>`;

/** Escapes a nonce for an HTML attribute (proxy.ts makes base64 ones; this keeps any other harmless). */
const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export const GET = async (req: Request): Promise<Response> => {
  const nonce = readScriptNonce(req.headers);
  const page = await ApiReference({
    pageTitle: "Coinop API reference",
    url: "/api/v1/openapi.json",
    cdn: `/docs/scalar.js?v=${await scalarVersion()}`,
    favicon: "/favicon.svg",
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    // "try it" and the code samples start with each key's format (the document's x-example, e.g.
    // service_server_<env>_…) instead of Scalar's YOUR_SECRET_TOKEN, which reads like a value (and is no game id)
    authentication: {
      securitySchemes: Object.fromEntries(
        Object.entries(KEY_PLACEHOLDERS).map(([name, example]) => [
          name,
          name.endsWith("Key") && name !== "serverApiKey" ? { token: example } : { value: example },
        ]),
      ),
    },
    customCss: CUSTOM_CSS,
    ...(nonce ? { nonce } : {}),
  })();
  const html = (await page.text())
    .replace(/<html(?![^>]*\blang=)/i, '<html lang="en"')
    .replace(/<body([^>]*)>/i, (open) => `${open}${ERRORS_BAR}`)
    .replace(/<\/body>/i, `<script${nonce ? ` nonce="${attribute(nonce)}"` : ""}>${LABEL_SCRIPT}</script></body>`);
  const headers = new Headers(page.headers);
  headers.delete("content-length");
  return new Response(html, { status: page.status, headers });
};
