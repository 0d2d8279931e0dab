// GET /docs: the interactive API reference (Scalar), reading /api/v1/openapi.json. Everything it
// loads comes from this server: the bundle from /docs/scalar.js, no web fonts, no telemetry.
// Tags start closed: with every tag open, Scalar renders all ~150 operations before the page answers
// to input (tens of seconds on a phone). The page is declared English for screen readers.
import { ApiReference } from "@scalar/nextjs-api-reference";
import { scalarVersion } from "./scalar-bundle";

export const dynamic = "force-dynamic";

export const GET = async (): Promise<Response> => {
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
  })();
  const html = (await page.text()).replace(/<html(?![^>]*\blang=)/i, '<html lang="en"');
  const headers = new Headers(page.headers);
  headers.delete("content-length");
  return new Response(html, { status: page.status, headers });
};
