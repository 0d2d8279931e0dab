// Shared steps of the fund session tests: a platform tenant with a campaign and
// 'fund_session' distributions, and session creation through the routes.
import { randomUUID } from "node:crypto";
import { getDb } from "../../lib/db/client.ts";
import { createCampaign } from "../../lib/campaigns/create-campaign.ts";
import { USDC_ASSET } from "../../lib/ledger/accounts.ts";
import { getAccountBalance } from "../../lib/ledger/get-account-balance.ts";
import { checkVcLedgerInvariants } from "../../lib/vc/check-vc-journal-entries.ts";
import { call } from "./http.ts";
import { makePlatformTenant } from "./platform.ts";
import { POST as CREATE_DISTRIBUTION } from "../../app/api/v1/platform/distributions/route.ts";
import { POST as CREATE_CAMPAIGN_SESSION } from "../../app/api/v1/platform/campaigns/[campaignId]/fund-sessions/route.ts";
import { POST as CREATE_DISTRIBUTION_SESSION } from "../../app/api/v1/platform/distributions/[id]/fund-sessions/route.ts";

export const idemKey = () => ({ "idempotency-key": randomUUID() });

/** A platform tenant (see makePlatformTenant) whose business has a test campaign. */
export const makeFundTenant = async (opts: Parameters<typeof makePlatformTenant>[0] = {}) => {
  const t = await makePlatformTenant(opts);
  const campaign = await createCampaign(
    { db: getDb() },
    {
      businessId: t.business.id,
      environment: opts.environment ?? "test",
      name: "Spring cup",
      publicName: "The Spring Cup",
      events: [],
      createdByPlatformId: t.platform.id,
    },
  );
  return { ...t, campaign };
};

/** A 'fund_session' distribution (fixed: 10.50 + 0.25, 1 % service fee → 10.86 due), through the route. */
export const makeFundDistribution = async (tb: Record<string, string>, { payoutPath = "fund_session" } = {}) => {
  const res = await call(CREATE_DISTRIBUTION, {
    headers: { ...tb, ...idemKey() },
    body: {
      mode: "fixed",
      payoutPath,
      memo: "Prizes",
      recipients: [
        { email: `a-${randomUUID().slice(0, 8)}@example.com`, name: "A", amount: 10.5 },
        { email: `b-${randomUUID().slice(0, 8)}@example.com`, name: "B", amount: 0.25 },
      ],
    },
  });
  if (res.status !== 201) throw new Error(`distribution: ${res.status} ${res.text}`);
  return res.body as { _id: string; totalAmountCents: number; totalFeeCents: number; status: string };
};

export const campaignSession = async (headers: Record<string, string>, campaignId: string, body: unknown = {}) => {
  const res = await call(CREATE_CAMPAIGN_SESSION, { headers: { ...headers, ...idemKey() }, params: { campaignId }, body });
  if (res.status !== 201) throw new Error(`campaign session: ${res.status} ${res.text}`);
  return res.body as { sessionKey: string; url: string; expiresAt: string };
};

export const distributionSession = async (tb: Record<string, string>, id: string) => {
  const res = await call(CREATE_DISTRIBUTION_SESSION, { headers: { ...tb, ...idemKey() }, params: { id }, body: {} });
  if (res.status !== 201) throw new Error(`distribution session: ${res.status} ${res.text}`);
  return res.body as { sessionKey: string; url: string; expiresAt: string };
};

export const usdcBalance = async (kind: string, ownerRef: string) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "test", kind, ownerRef })).balance;

/** The test USDC books: every journal balanced, no account drifted or negative where it may not be. */
export const expectBalancedBooks = async () => {
  const audit = await checkVcLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" });
  return {
    sum: audit.sum,
    negativeAccounts: audit.negativeAccounts,
    driftedAccounts: audit.driftedAccounts,
    unbalancedJournals: audit.unbalancedJournals,
    miscountedTenants: audit.miscountedTenants,
    misstatedJournals: audit.misstatedJournals,
  };
};
