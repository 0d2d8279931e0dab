import { randomHex } from "../db/ids.ts";

/** A new webhook signing secret: `whsec_` + 48 hex. */
export const generateWebhookSecret = (): string => `whsec_${randomHex(24)}`;
