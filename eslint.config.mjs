// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "lib/db/generated/**", ".data/**", "playwright-report/**", "test-results/**", "next-env.d.ts"],
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
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // Tests assert on loosely shaped JSON bodies.
    files: ["**/*.test.ts", "tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
