// `npm run test:canary`: runs only tests/canary/*.canary.ts, a deliberately failing test, with the suite's
// global setup (so on the embedded PostgreSQL unless TEST_DATABASE_URL is set). It must exit non-zero.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({ ...base, test: { ...base.test, include: ["tests/canary/*.canary.ts"] } });
