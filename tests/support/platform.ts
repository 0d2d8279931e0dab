// Platform tenants and calls for the platform access tests (keys, scopes, grants, invites, link sessions).
import { randomBytes, randomUUID } from "node:crypto";
import { getDb } from "../../lib/db/client.ts";
import { createBusiness } from "../../lib/tenants/create-business.ts";
import { addBusinessMember } from "../../lib/tenants/add-business-member.ts";
import { issueApiKey } from "../../lib/tenants/issue-api-key.ts";
import { createPlatform } from "../../lib/platform/create-platform.ts";
import { createCampaign } from "../../lib/campaigns/create-campaign.ts";
import { grantBusiness } from "../../lib/platform/grant-business.ts";
import { ALL_SCOPES, BUSINESS_SCOPES } from "../../lib/platform/scopes.ts";
import type { Environment } from "../../lib/core/environment.ts";
import { makePlayer } from "./players.ts";
import { approveBusinessForLive } from "./activation.ts";

const tag = () => randomBytes(6).toString("hex");

export const idem = () => ({ "idempotency-key": randomUUID() });

/** The headers of a platform key; with `businessId`, acting for that business. */
export const platformHeaders = (rawKey: string, businessId?: string): Record<string, string> => ({
  authorization: `Bearer ${rawKey}`,
  ...(businessId ? { "x-target-business-id": businessId } : {}),
});

/**
 * A platform (approved for `approvedScopes`, default all) with a key of `keyScopes` (default all) in
 * `environment`, and a business of that environment that granted it `grantScopes` (null: no grant).
 * `mgmt` authenticates as the platform; `tb` acts for the business.
 */
export const makePlatformTenant = async ({
  environment = "test" as Environment,
  approvedScopes = ALL_SCOPES as string[],
  keyScopes = ALL_SCOPES as string[],
  grantScopes = BUSINESS_SCOPES as string[] | null,
  webhookUrl = null as string | null,
  /** the business records this platform as its creator, as POST /v1/platform/business does (the test helpers act for it) */
  createdByPlatform = false,
  /** a live business is approved to go live (tests about something else); false leaves it unapproved */
  activated = true,
} = {}) => {
  const db = getDb();
  const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes, webhookUrl });
  // createPlatform always approves the management scopes; a test that leaves one out removes it again.
  await db.platform.update({ where: { id: platform.id }, data: { approvedScopes: approvedScopes } });
  const { key, rawKey } = await issueApiKey({ db }, { kind: "platform", environment, platformId: platform.id, scopes: keyScopes, label: "test" });
  const made = await createBusiness({ db }, { name: `Biz ${tag()}`, environment });
  if (environment === "live" && activated) await approveBusinessForLive(made.id);
  const business = createdByPlatform ? await db.business.update({ where: { id: made.id }, data: { createdByPlatformId: platform.id } }) : made;
  const grant = grantScopes ? await grantBusiness({ db }, { platformId: platform.id, businessId: business.id, scopes: grantScopes }) : null;
  return { platform, key, rawKey, business, grant, mgmt: platformHeaders(rawKey), tb: platformHeaders(rawKey, business.id) };
};

/** Another key of the same platform. */
export const addPlatformKey = async (platformId: string, { environment = "test" as Environment, scopes = ALL_SCOPES as string[] } = {}) => {
  const { key, rawKey } = await issueApiKey({ db: getDb() }, { kind: "platform", environment, platformId, scopes, label: "extra" });
  return { key, rawKey, headers: platformHeaders(rawKey) };
};

/** A business of `environment` (no grant); a live one is approved to go live unless `activated` is false. */
export const makeBusiness = async (environment: Environment = "test", { activated = true } = {}) => {
  const business = await createBusiness({ db: getDb() }, { name: `Biz ${tag()}`, environment });
  if (environment === "live" && activated) await approveBusinessForLive(business.id);
  return business;
};

/** A player with a verified email who administers `businessId` (role admin), as a signed-in hosted-page player. */
export const makeBusinessAdmin = async (businessId: string, { roles = ["admin"], isOwner = false } = {}) => {
  const player = await makePlayer();
  await addBusinessMember({ db: getDb() }, { businessId, email: player.email, roles, isOwner });
  return { playerId: player.id, email: player.email };
};

/** The outbox events of a platform, oldest first, as {event, data}. */
export const platformEventsOf = async (platformId: string) =>
  (await getDb().webhookEvent.findMany({ where: { ownerType: "platform", ownerId: platformId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => ({
    event: e.event,
    objectType: e.objectType,
    data: JSON.parse(e.payload).data as Record<string, unknown>,
  }));

/**
 * A platform (approved for `approvedScopes`, its key holding `keyScopes`) that an existing business granted
 * `grantScopes`: e.g. the business of a campaign from makeCampaignWith, for `/v1/platform/campaigns/{campaignId}`
 * calls. `headers` is the platform key alone (the kernel finds the business from the campaign in the path).
 */
export const grantPlatformOn = async (
  businessId: string,
  {
    environment = "test" as Environment,
    approvedScopes = ALL_SCOPES as string[],
    keyScopes = ALL_SCOPES as string[],
    grantScopes = BUSINESS_SCOPES as string[],
    webhookUrl = null as string | null,
  } = {},
) => {
  const db = getDb();
  const platform = await createPlatform({ db }, { name: `Platform ${tag()}`, approvedScopes, webhookUrl });
  await db.platform.update({ where: { id: platform.id }, data: { approvedScopes } });
  const { key, rawKey } = await issueApiKey({ db }, { kind: "platform", environment, platformId: platform.id, scopes: keyScopes, label: "test" });
  const grant = await grantBusiness({ db }, { platformId: platform.id, businessId, scopes: grantScopes });
  return { platform, key, rawKey, grant, headers: platformHeaders(rawKey) };
};

/** A test-kit campaign of an existing business (e.g. a makeBusinessTenant's), for platform campaign calls. */
export const makeCampaignIn = (businessId: string, environment: Environment = "test") =>
  createCampaign(
    { db: getDb() },
    { businessId, environment, name: `Campaign ${tag()}`, events: [{ code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n }] },
  );
