import { readEnv } from "./env.ts";
import { findSecretProblem } from "./master-secret.ts";

/**
 * Why a production server must not start with these settings (a missing, short or public signing secret),
 * as one line naming the variable to set and how; null when it may. `npm start` (scripts/launch.ts) asks
 * before the database starts; instrumentation.ts asks in every production server process, so a bare
 * `next start` refuses too.
 */
export const checkProductionSecrets = (source: Record<string, string | undefined> = process.env): string | null => findSecretProblem(readEnv(source));
