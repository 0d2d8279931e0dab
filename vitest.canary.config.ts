// `npm run test:canary`: runs only tests/canary/*.canary.ts, a deliberately failing test, with the suite's
// global setup (so on the embedded PostgreSQL unless TEST_DATABASE_URL is set). It must exit non-zero.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// without the suite's projects (vitest.config.ts), which would choose the files instead of `include`
export default defineConfig({ ...base, test: { ...base.test, projects: undefined, include: ["tests/canary/*.canary.ts"] } });
