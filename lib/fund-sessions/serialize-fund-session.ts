import type { FundSession } from "../db/generated/client.ts";
import { microsToUsdc } from "../core/usdc.ts";
import { effectiveStatus } from "./fund-session-states.ts";
import { fundSessionUrl } from "./fund-session-key.ts";
import type { FundSessionResource } from "./schemas.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The API view of a session: the campaign resource (campaignId) or the distribution one (distributionId).
 * amountUsdc is what was paid once completed, else the amount due (null for a campaign: the payer chooses).
 */
export const serializeFundSession = (s: FundSession, now: Date): FundSessionResource => {
  const amount = s.paidMicros ?? s.requestedMicros;
  const common = {
    sessionKey: s.sessionKey,
    url: fundSessionUrl(s.sessionKey),
    status: effectiveStatus(s, now),
    amountUsdc: amount === null ? null : microsToUsdc(amount),
    transactionHash: s.transactionHash,
    completedAt: iso(s.completedAt),
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    metadata: (s.metadata as Record<string, unknown> | null) ?? null,
  };
  return s.targetType === "campaign" ? { ...common, campaignId: s.campaignId! } : { ...common, distributionId: s.distributionId! };
};

/** What create answers: where to send the payer. */
export const fundSessionCreated = (s: FundSession) => ({
  sessionKey: s.sessionKey,
  url: fundSessionUrl(s.sessionKey),
  expiresAt: s.expiresAt.toISOString(),
  metadata: (s.metadata as Record<string, unknown> | null) ?? null,
});
