import { randomBytes } from "node:crypto";
import type { Environment } from "../core/environment.ts";
import { appBaseUrl } from "../config/settings.ts";

/** The credential of a hosted fund page: `fs_` (live) or `fs_test_` + 32 random bytes as base64url (256 bits). */
export const newFundSessionKey = (environment: Environment): string => `fs_${environment === "test" ? "test_" : ""}${randomBytes(32).toString("base64url")}`;

/** Whether `key` has the shape of a session key (checked before any query). */
export const isFundSessionKey = (key: string): boolean => /^fs_(test_)?[A-Za-z0-9_-]{43}$/.test(key);

/** The hosted fund page of a session. */
export const fundSessionUrl = (sessionKey: string): string => `${appBaseUrl()}/fund/${encodeURIComponent(sessionKey)}`;
