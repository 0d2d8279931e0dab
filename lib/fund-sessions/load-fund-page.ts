// The hosted fund page's data: /fund/{sessionKey}. The key in the URL is the credential (256 random bits).
// Reading changes nothing: a pending session past expiresAt shows as expired without a write.
import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import type { Environment } from "../core/environment.ts";
import { MICROS_PER_CENT } from "../core/usdc.ts";
import { storedFees } from "../distributions/serialize-distribution.ts";
import { effectiveStatus, type FundSessionStatus } from "./fund-session-states.ts";
import { isFundSessionKey } from "./fund-session-key.ts";
import { MAX_CAMPAIGN_FUNDING_MICROS, MIN_CAMPAIGN_FUNDING_MICROS } from "./fund-session-rules.ts";

export type FundPage = {
  sessionKey: string;
  status: FundSessionStatus;
  environment: Environment;
  businessName: string;
  /** the platform that asked for the funding (told by its webhook once the session completes) */
  platformName: string;
  /**
   * the payment's public reference once completed: the session's transactionHash, which the platform and the
   * business also get (Platform.FundSession.Completed, GET fund-sessions), so a payer quoting it can be matched
   */
  reference: string | null;
  /** cents (USD = USDC one for one) */
  paidCents: number | null;
  completedAt: Date | null;
  expiresAt: Date;
} & (
  | { target: "campaign"; campaignName: string; minCents: number; maxCents: number }
  | {
      target: "distribution";
      memo: string;
      recipientCount: number;
      amountCents: number;
      fees: { label: string; amountCents: number }[];
      /** what this session asks for: the total + fees, less what earlier sessions paid */
      dueCents: number;
    }
);

const cents = (micros: bigint) => Number(micros / MICROS_PER_CENT);

export const loadFundPage = async (ctx: DbContext, { sessionKey }: { sessionKey: string }): Promise<FundPage | null> => {
  if (!isFundSessionKey(sessionKey)) return null;
  const s = await ctx.db.fundSession.findUnique({ where: { sessionKey } });
  if (!s) return null;
  const business = await ctx.db.business.findUnique({ where: { id: s.businessId }, select: { name: true } });
  const platform = await ctx.db.platform.findUnique({ where: { id: s.platformId }, select: { name: true } });
  const base = {
    sessionKey,
    status: effectiveStatus(s, now()),
    environment: s.environment,
    businessName: business?.name ?? "",
    platformName: platform?.name ?? "",
    reference: s.status === "completed" ? s.transactionHash : null,
    paidCents: s.paidMicros === null ? null : cents(s.paidMicros),
    completedAt: s.completedAt,
    expiresAt: s.expiresAt,
  };
  if (s.targetType === "campaign") {
    const c = await ctx.db.campaign.findUnique({ where: { id: s.campaignId! }, select: { name: true, publicName: true } });
    if (!c) return null;
    return {
      ...base,
      target: "campaign",
      campaignName: c.publicName || c.name,
      minCents: cents(MIN_CAMPAIGN_FUNDING_MICROS),
      maxCents: cents(MAX_CAMPAIGN_FUNDING_MICROS),
    };
  }
  const d = await ctx.db.distribution.findUnique({ where: { id: s.distributionId! }, include: { _count: { select: { lineItems: true } } } });
  if (!d) return null;
  return {
    ...base,
    target: "distribution",
    memo: d.memo,
    recipientCount: d._count.lineItems,
    amountCents: Number(d.totalAmountCents),
    fees: storedFees(d)
      .filter((f) => BigInt(f.amountCents) > 0n)
      .map((f) => ({ label: f.label, amountCents: Number(f.amountCents) })),
    dueCents: cents(s.requestedMicros ?? 0n),
  };
};
