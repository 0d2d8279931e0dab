// GET /docs: the interactive API reference (Scalar), reading /api/v1/openapi.json. Everything it
// loads comes from this server: the bundle from /docs/scalar.js, no web fonts, no telemetry.
import { ApiReference } from "@scalar/nextjs-api-reference";
import { scalarVersion } from "./scalar-bundle";

export const dynamic = "force-dynamic";

export const GET = async (): Promise<Response> =>
  ApiReference({
    pageTitle: "Coinop API reference",
    url: "/api/v1/openapi.json",
    cdn: `/docs/scalar.js?v=${await scalarVersion()}`,
    favicon: "/favicon.svg",
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    defaultOpenAllTags: true,
  })();
