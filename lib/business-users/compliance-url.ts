import { appBaseUrl } from "../config/settings.ts";

/** The hosted page where a signed-in player sees their identity verification (compliance) status. */
export const complianceUrl = (): string => `${appBaseUrl()}/account/verification`;
