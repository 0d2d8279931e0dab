// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// Layer boundaries (ARCHITECTURE.md: core <- db <- ledger <- domains <- flows <- http/app). Each entry is an
// import specifier pattern (relative or "@/") that the files of a layer may not use. Type-only imports are
// allowed, as in scripts/check-cycles.ts: they are erased at build time. Tests are exempt (they may drive a
// route to test a service). One exception: lib/http/route-index.ts (generated) imports every app/api/v1 route
// to register it for the OpenAPI document.
// lib/config sits beside lib/core: it imports only core, and every layer may read it.
const DOMAINS =
  "auth|campaigns|cashouts|checkout|currencies|deals|email|games|invites|jobs|linking|platform|products|purchases|stripe|subscriptions|tenants|uploads|users|vc|wallet|webhooks";
const LIB_NEVER = [
  { regex: "^next(/|$)", message: "lib/ never imports Next.js: a service throws AppError and returns data; the route makes the response." },
  { regex: "^(@/|(\\.\\./)+)(app|components)(/|$)", message: "lib/ never imports app/ or components/: pages and routes call lib, not the other way." },
];
const layer = (...patterns) => ["error", { patterns: [...LIB_NEVER, ...patterns].map((p) => ({ ...p, allowTypeImports: true })) }];
const importsOf = (what, folders, message) => ({ regex: `^((\\.\\./)+|@/lib/)(${folders})(/|$)`, message: `${what}: ${message}` });
const boundaries = [
  {
    files: ["lib/**/*.{ts,tsx,mts}"],
    ignores: ["lib/http/route-index.ts", "lib/hosted/locale.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": layer() },
  },
  // The hosted pages' locale reads the request's Accept-Language through next/headers, and nothing else of Next.js.
  {
    files: ["lib/hosted/locale.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^next(/(?!headers$)|$)", message: "lib/hosted/locale.ts may import next/headers only." }, LIB_NEVER[1]] },
      ],
    },
  },
  {
    files: [`lib/{${DOMAINS.replaceAll("|", ",")}}/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer(
        importsOf("a domain", "flows", "work that crosses domains lives in lib/flows, which imports the domains, never the reverse."),
        importsOf("a domain", "http", "the HTTP kernel calls services, never the reverse; AppError and the context live in lib/core."),
      ),
    },
  },
  {
    files: ["lib/flows/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer(
        importsOf("a flow", "http", "the HTTP kernel calls flows, never the reverse; a job's housekeeping lives in lib/db or its domain."),
      ),
    },
  },
  {
    files: ["lib/ledger/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer(
        importsOf(
          "the ledger engine",
          `flows|http|vc|${DOMAINS}`,
          "it imports only lib/db, lib/core and lib/config; product logic (VC, wallet, campaigns) calls the engine.",
        ),
      ),
    },
  },
  {
    files: ["lib/db/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer(importsOf("lib/db", `flows|ledger|http|vc|${DOMAINS}`, "it imports only lib/core and lib/config.")),
    },
  },
  {
    files: ["lib/{core,config}/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer({
        regex: "^((\\.\\./)+|@/)(?!(lib/)?core/)",
        message: "lib/core and lib/config import nothing else from the repository (config may read core).",
      }),
    },
  },
].map((c) => ({ ...c, ignores: ["**/*.test.ts", ...(c.ignores ?? [])] }));

export default defineConfig(
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "lib/db/generated/**",
      ".data/**",
      "playwright-report/**",
      "test-results/**",
      "next-env.d.ts",
      "tests/fixtures/boundaries/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Node globals for the plain .mjs config files (TypeScript files are checked by tsc instead).
    files: ["**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // The Node version gate is plain CommonJS on purpose (any Node must be able to parse it).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { process: "readonly", module: "writable", require: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      // `_`-prefixed names mark deliberately unused parameters and destructured leftovers.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  ...boundaries,
  {
    // Tests assert on loosely shaped JSON bodies.
    files: ["**/*.test.ts", "tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
