import { randomHex } from "../db/ids.ts";
import type { Environment } from "../core/environment.ts";
import { appBaseUrl } from "../config/settings.ts";

/** An opaque session key: `lks_` + 32 hex in live, `lks_test_` + 32 hex in test. */
export const newSessionKey = (environment: Environment): string => `lks_${environment === "test" ? "test_" : ""}${randomHex(16)}`;

/** The hosted approval page of a session, where the caller sends the player. */
export const linkSessionUrl = (sessionKey: string): string => `${appBaseUrl()}/link/${encodeURIComponent(sessionKey)}`;
