// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

import { APART, LAYERS, LAYERED_FOLDERS, forbiddenFor } from "./scripts/lib-layers.mjs";

// Layer boundaries (ARCHITECTURE.md, "Layers"): every first-level folder of lib/ has a layer in
// scripts/lib-layers.mjs, and each layer may import only the layers below it that the table names. A rule here
// is an import specifier pattern (relative or "@/") that the files of a layer may not use. Type-only imports
// are allowed, as in scripts/check-cycles.ts: they are erased at build time. Tests are exempt (they may drive
// a route to test a service). A folder of lib/ in no layer fails lint until it gets one.
const LIB_NEVER = [
  { regex: "^next(/|$)", message: "lib/ never imports Next.js: a service throws AppError and returns data; the route makes the response." },
  { regex: "^(@/|(\\.\\./)+)(app|components)(/|$)", message: "lib/ never imports app/ or components/: pages and routes call lib, not the other way." },
  { regex: "^(vitest|@playwright/test)(/|$)", message: "lib/ ships no test code: a test kit lives in tests/support." },
];
const layerRule = (...patterns) => ["error", { patterns: [...LIB_NEVER, ...patterns].map((p) => ({ ...p, allowTypeImports: true })) }];
const importsOf = (layer) => {
  const forbidden = forbiddenFor(layer);
  return forbidden.length === 0 ? [] : [{ regex: `^((\\.\\./)+|@/lib/)(${forbidden.join("|")})(/|$)`, message: `the "${layer.name}" layer: ${layer.why}` }];
};
/** A folder's own rules beside its layer's (scripts/lib-layers.mjs, APART): e.g. lib/portal never imports lib/http. */
const apartOf = (folder) =>
  APART.filter((a) => a.folder === folder).map((a) => ({ regex: `^((\\.\\./)+|@/lib/)(${a.forbids.join("|")})(/|$)`, message: `lib/${folder}: ${a.why}` }));
const boundaries = [
  ...LAYERS.flatMap((layer) => layer.folders.map((folder) => ({ layer, folder }))).map(({ layer, folder }) => ({
    files: [`lib/${folder}/**/*.{ts,tsx,mts}`],
    ignores: ["lib/hosted/locale.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layerRule(
        ...importsOf(layer),
        ...apartOf(folder),
        // the foundation imports nothing from the repository outside lib/core and lib/config (no tests/, scripts/)
        ...(["core", "config"].includes(layer.name)
          ? [{ regex: "^(@/(?!lib/)|(\\.\\./){2,}(?!lib/))", message: `the "${layer.name}" layer imports nothing from outside lib/ (no tests/, scripts/).` }]
          : []),
      ),
    },
  })),
  // The hosted pages' locale reads the request's Accept-Language through next/headers, and nothing else of Next.js.
  {
    files: ["lib/hosted/locale.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^next(/(?!headers$)|$)", message: "lib/hosted/locale.ts may import next/headers only." },
            LIB_NEVER[1],
            ...importsOf(LAYERS.find((l) => l.folders.includes("hosted"))),
          ].map((p) => ({ ...p, allowTypeImports: true })),
        },
      ],
    },
  },
  // A folder of lib/ that no layer lists: every file in it is an error until scripts/lib-layers.mjs names its layer.
  {
    files: ["lib/*/**/*.{ts,tsx,mts}"],
    ignores: [...LAYERED_FOLDERS.map((f) => `lib/${f}/**`), "lib/db/generated/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Program", message: "This folder of lib/ has no layer: add it to LAYERS in scripts/lib-layers.mjs (ARCHITECTURE.md, Layers)." },
      ],
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
      "sdk/src/generated/**",
      "sdk/dist/**",
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
