// The fixed numbers of fund sessions (docs/decisions/platform.md, "Fund sessions").
import { MICROS_PER_USDC } from "../core/usdc.ts";

/** platform-api.md "Limits": a campaign fund session lives 1 hour. */
export const CAMPAIGN_FUND_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** Not in the spec: a distribution fund session lives 24 hours (a business pays a batch; it may need a day). */
export const DISTRIBUTION_FUND_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** What a payer may put into a campaign with one session: 1.00 to 100,000.00 USDC, whole cents (card payments). */
export const MIN_CAMPAIGN_FUNDING_MICROS = 1n * MICROS_PER_USDC;
export const MAX_CAMPAIGN_FUNDING_MICROS = 100_000n * MICROS_PER_USDC;
export const MAX_FUND_SESSION_METADATA_BYTES = 4096;
