import { checkProductionSecrets } from "./check-production-secrets.ts";

/**
 * For a server process: when the signing secrets are unsafe for production, print the one-line reason and
 * exit with status 1. Next.js 16 only logs an error thrown by the instrumentation hook and then answers
 * every request with a 500 while it keeps listening, so the hook must end the process itself.
 */
export const refuseUnsafeSecrets = (): void => {
  const problem = checkProductionSecrets();
  if (problem === null) return;
  console.error(`\n${problem}\n`);
  process.exit(1);
};
