import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const include = ["**/*.test.ts"];
const exclude = ["node_modules/**", ".next/**", "e2e/**", ".data/**"];

// Most test files share their worker's loaded modules (isolate: false): loading the Prisma client, Next's
// server modules and our routes once per worker instead of once per file took about a third of the suite's
// CPU. A file still gets its own database (tests/file-setup.ts). A file that changes what other files would
// load or read stays isolated (a fresh module graph of its own): module mocks, spies, fake timers,
// process.env writes, routes declared by the test itself (`route({`: they would stay in the process-wide
// route registry, which other files read), or an explicit `// vitest: isolate` where a file needs it for
// another reason.
// docs/decisions/launcher-ci.md, "Test isolation".
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|spyOn|useFakeTimers)\(|process\.env(\.[A-Za-z_]\w*|\[[^\]]+\])\s*=(?!=)|delete process\.env|\broute\(\{|\/\/ vitest: isolate\b/;

const testFiles = (dir: string, out: string[] = []): string[] => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = path.relative(import.meta.dirname, path.join(dir, entry.name));
    if (entry.isDirectory()) {
      if (!["node_modules", ".next", "e2e", ".data", ".git", "test-results", "playwright-report"].includes(entry.name))
        testFiles(path.join(dir, entry.name), out);
    } else if (entry.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
};

// paths as glob patterns: app/invoice/[publicId]/… has brackets, which a glob reads as a character class
const asGlob = (file: string) => file.replace(/[[\]{}()*?!+@]/g, (c) => `\\${c}`);
const isolated = testFiles(import.meta.dirname)
  .filter((f) => NEEDS_ISOLATION.test(fs.readFileSync(path.join(import.meta.dirname, f), "utf8")))
  .map(asGlob);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // include and exclude are set per project: a project's arrays are added to the root's, not put in their place
    globalSetup: ["./tests/global-setup.ts"],
    setupFiles: ["./tests/file-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Rate limits (lib/http/rate-limit.ts) stay on, far out of reach: a test's in-process loop calls one key faster
    // than a client should (the VC property test sends about 200 a second for seconds on 2 shared cores), which
    // would trip the defaults. tests/security/30-rate-limits.test.ts sets its own small limits.
    env: {
      NODE_ENV: "test",
      APP_URL: "http://localhost:3000",
      RATE_LIMIT_PER_SECOND: "100000",
      RATE_LIMIT_TEST_PER_SECOND: "100000",
    },
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include, exclude: [...exclude, ...isolated] } },
      { extends: true, test: { name: "isolated", isolate: true, include: isolated.length ? isolated : ["no-such-file.test.ts"], exclude } },
    ],
  },
});
