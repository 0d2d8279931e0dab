import { createGroupCommit } from "../core/group-commit.ts";
import { getDb } from "../db/client.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { AppError } from "../core/errors.ts";
import { hashKey, parseKeyFormat, type Environment, type KeyKind } from "../tenants/keys.ts";
import type { KeyCall, KeyId } from "../core/context.ts";
import { approvedScopesFor, effectiveScopes, KEY_ADMIN_SCOPES, lackingMessage, SCOPE_SET_FIELD, setsLacking } from "../platform/scopes.ts";
import { touchPlatformUse } from "../platform/touch-platform-use.ts";
import { refuseUnactivated } from "../tenants/assert-live-allowed.ts";
import { now as clockNow } from "../core/clock.ts";
import type { RequestFacts } from "../request-log/capture-request.ts";

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);

/** One credential kind, or several (test helpers accept the key of whichever API the object belongs to). */
/**
 * `targetBusiness`: true = X-Target-Business-Id is required (TB); "campaign" = the business is the one that owns
 * the campaign in the path (`/v1/platform/campaigns/{campaignId}/...`), and a TB header, when sent, must name it.
 */
/**
 * `path`: the route's spec path (a test helper, which a live key gets 404 from, is not gated by activation);
 * `beforeActivation`: a live platform may call this route for a target business that is not approved yet (what the
 * business needs on its way to approval: its details, with verificationStatus).
 */
export type AuthOptions = {
  auth: KeyKind | readonly KeyKind[];
  scope?: string;
  targetBusiness?: boolean | "campaign";
  path?: string;
  beforeActivation?: boolean;
};

/**
 * Whether a live call on this route is refused (403 BUSINESS_NOT_ACTIVATED) for a business not approved to go live
 * (issue 28): the business of a server or campaign key, the owner business of a platform key. Every route but the
 * test helpers, which answer 404 to every live key (lib/http/route.ts).
 */
export const gatesActivation = (opts: Pick<AuthOptions, "path">): boolean => !opts.path?.startsWith("/v1/test-helpers/");
/** Whether, on top of that, the target business a platform acts for must be approved (all target routes but `beforeActivation` ones). */
export const gatesTargetActivation = (opts: Pick<AuthOptions, "path" | "targetBusiness" | "beforeActivation">): boolean =>
  Boolean(opts.targetBusiness) && gatesActivation(opts) && !opts.beforeActivation;

/** The campaign id of a `/v1/platform/campaigns/{campaignId}/...` URL. */
const campaignIdInPath = (req: Request): string | undefined => {
  const m = /\/v1\/platform\/campaigns\/([^/?#]+)/.exec(new URL(req.url).pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
};

const kindsOf = (auth: AuthOptions["auth"]): readonly KeyKind[] => (typeof auth === "string" ? [auth] : auth);

/**
 * The raw key: `Authorization: Bearer <key>`, or for server keys the `x-server-api-key` header that the
 * spec's deal examples use (then X-Game-Id may be omitted: the key names its game).
 */
const presentedKey = (req: Request, kinds: readonly KeyKind[]): { raw: string; viaServerHeader: boolean } => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (m) return { raw: m[1], viaServerHeader: false };
  const serverHeader = kinds.includes("server") ? req.headers.get("x-server-api-key")?.trim() : undefined;
  if (serverHeader) return { raw: serverHeader, viaServerHeader: true };
  throw unauthorized("Missing API key: send `Authorization: Bearer <key>`.");
};

/** An API key with the game, campaign or platform it belongs to (null columns when it has none). */
type KeyRow = {
  id: string;
  kind: string;
  environment: Environment;
  gameId: string | null;
  campaignId: string | null;
  platformId: string | null;
  scopes: string[];
  status: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  gameBusinessId: string | null;
  gameEnvironment: Environment | null;
  campaignBusinessId: string | null;
  campaignEnvironment: Environment | null;
  platformStatus: string | null;
  platformScopes: string[] | null;
  platformTestScopes: string[] | null;
  /** the activation status of the key's business: its game's or campaign's, or its platform's owner (null: none) */
  kybStatus: string | null;
  /** a platform's owner business (null: an instance-level platform, made by a script or before the platform console) */
  platformOwnerId: string | null;
};

/**
 * The effective permission is platform-approved ∩ key ∩ grant (the grant only when one applies): a refusal
 * names the scope and every set that lacks it.
 */
const requireScope = (scope: string | undefined, sets: { platform: string[]; key: string[]; grant?: string[] }): void => {
  if (!scope) return;
  const lacking = setsLacking(scope, sets);
  if (lacking.length > 0)
    throw new AppError("INSUFFICIENT_SCOPE", lacking.map((set) => lackingMessage(scope, set)).join(" "), {
      details: lacking.map((set) => ({ field: SCOPE_SET_FIELD[set], message: lackingMessage(scope, set) })),
    });
};

/**
 * A key in its rotation grace period (graceEndsAt: only rotation gives a key an end date) still calls the
 * API, but cannot manage keys or scopes (KEY_ADMIN_SCOPES): the key that replaced it does. The kernel checks
 * it when the handler would run, so a retry of the rotation with its Idempotency-Key still replays the new
 * raw key. Server and campaign keys are rotated in the portal and have no route that manages keys or scopes.
 */
export const requireOutsideGrace = (scope: string | undefined, { actor }: KeyCall): void => {
  if (actor.kind !== "platform" || !actor.graceEndsAt || !scope || !KEY_ADMIN_SCOPES.includes(scope)) return;
  throw new AppError(
    "API_KEY_IN_GRACE_PERIOD",
    `This key was rotated: until ${actor.graceEndsAt.toISOString()} it calls the API, but it cannot manage keys or scopes (${scope}). Use the key that replaced it.`,
  );
};

/**
 * The key and its owner in one round trip: this runs before every authenticated request. Lookups that
 * arrive while others are in flight are made together, in one query of all their hashes (lib/core/group-commit.ts).
 * Each lookup still starts after its request arrived, with a snapshot of its own, so a key revoked before
 * a request came in is refused, as with one query a request; a lookup with no company runs at once.
 */
const keyLookups = createGroupCommit<string, KeyRow | undefined>({
  maxBatch: () => 128,
  maxInFlight: () => 4,
  run: async (hashes) => {
    // a named prepared statement on node-postgres (lib/db/prepared.ts): it runs before every request, and Prisma's
    // $queryRaw cost more CPU than the statement; times as timestamptz (the columns hold UTC), so node-postgres
    // reads them right whatever the process's time zone
    const rows = await queryPrepared<KeyRow & { hash: string }>(
      getDb(),
      Prisma.sql`
      SELECT k."hash", k."id", k."kind", k."environment"::text AS "environment", k."gameId", k."campaignId", k."platformId", k."scopes", k."status",
             k."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt", k."revokedAt" AT TIME ZONE 'UTC' AS "revokedAt", k."lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt",
             g."businessId" AS "gameBusinessId", g."environment"::text AS "gameEnvironment",
             c."businessId" AS "campaignBusinessId", c."environment"::text AS "campaignEnvironment",
             p."status" AS "platformStatus", p."approvedScopes" AS "platformScopes", p."testApprovedScopes" AS "platformTestScopes",
             p."ownerBusinessId" AS "platformOwnerId", b."kybStatus"
      FROM "ApiKey" k
      LEFT JOIN "Game" g ON g."id" = k."gameId"
      LEFT JOIN "Campaign" c ON c."id" = k."campaignId"
      LEFT JOIN "Platform" p ON p."id" = k."platformId"
      LEFT JOIN "Business" b ON b."id" = COALESCE(g."businessId", c."businessId", p."ownerBusinessId")
      WHERE k."hash" = ANY(${[...new Set(hashes)]}::text[])`,
    );
    const byHash = new Map(rows.map(({ hash, ...row }) => [hash, row as KeyRow]));
    return hashes.map((h) => byHash.get(h));
  },
});

const loadKey = (raw: string): Promise<KeyRow | undefined> => keyLookups.submit("keys", hashKey(raw));

/**
 * Authenticates the request for the route's credential and returns who acts (the key) and where (the
 * game, the campaign, the platform, or the business it acts for): the context's actor and scope.
 * Keys are looked up by SHA-256 hash, with their game, campaign or platform, in one query and with no
 * cache, so a revoked key fails on its next request; a revoked, expired or wrong-kind key is a 401.
 */
export const authenticate = async (
  req: Request,
  opts: AuthOptions,
  /** the request log's record of who called (filled in as far as authentication gets; lib/request-log) */
  facts: RequestFacts = {},
  /**
   * Called once the key itself is valid, before the checks that follow it (the game or campaign header, the
   * target business, the grant, the scopes), so a caller can charge the key's rate limit for every answer a
   * valid key gets; what it throws is the answer (lib/http/rate-limit.ts).
   */
  admit?: (keyId: string, environment: Environment) => void,
): Promise<KeyCall> => {
  const kinds = kindsOf(opts.auth);
  const { raw, viaServerHeader } = presentedKey(req, kinds);
  const format = parseKeyFormat(raw);
  if (!format) throw unauthorized("The API key is not valid.");
  if (!kinds.includes(format.kind)) throw unauthorized(`This endpoint needs a ${kinds.join(" or ")} key; a ${format.kind} key was sent.`);
  const key = await loadKey(raw);
  // The caller holds this key's raw value (its hash matched), even when it is refused below: its owner sees the request.
  if (key)
    Object.assign(facts, {
      apiKeyId: key.id,
      keyKind: key.kind,
      environment: key.environment,
      gameId: key.gameId ?? undefined,
      campaignId: key.campaignId ?? undefined,
      platformId: key.platformId ?? undefined,
      businessId: key.gameBusinessId ?? key.campaignBusinessId ?? undefined,
    });
  const now = clockNow();
  if (!key || key.kind !== format.kind || key.status !== "active" || key.revokedAt || (key.expiresAt && key.expiresAt <= now))
    throw unauthorized("The API key is not valid, or it has been revoked.");
  const environment = key.environment;
  admit?.(key.id, environment);
  // the going-live gate (issue 28), read from the same row: refused before anything is written (no "last used")
  const gated = gatesActivation(opts);

  if (format.kind === "server") {
    const gameId = req.headers.get("x-game-id") ?? (viaServerHeader ? key.gameId : null);
    if (!gameId) throw unauthorized("Missing X-Game-Id header: send the id of the game this key belongs to.");
    if (gameId !== key.gameId || !key.gameBusinessId || key.gameEnvironment !== environment)
      throw unauthorized("X-Game-Id does not match the game of this API key.");
    if (gated) refuseUnactivated({ environment, businessId: key.gameBusinessId, kybStatus: key.kybStatus });
    // the "last used" time the developer portal shows beside each key (at most one write a minute)
    await touchPlatformUse({ db: getDb() }, { key, grant: null, now });
    return { actor: { kind: "server", keyId: key.id as KeyId }, scope: { kind: "game", environment, businessId: key.gameBusinessId, gameId } };
  }

  if (format.kind === "campaign") {
    const campaignId = req.headers.get("x-campaign-id");
    if (!campaignId) throw unauthorized("Missing X-Campaign-Id header: send the id of the campaign this key belongs to.");
    if (campaignId !== key.campaignId || !key.campaignBusinessId || key.campaignEnvironment !== environment)
      throw unauthorized("X-Campaign-Id does not match the campaign of this API key.");
    if (gated) refuseUnactivated({ environment, businessId: key.campaignBusinessId, kybStatus: key.kybStatus });
    await touchPlatformUse({ db: getDb() }, { key, grant: null, now }); // "last used" on the portal's keys page
    return { actor: { kind: "campaign", keyId: key.id as KeyId }, scope: { kind: "campaign", environment, businessId: key.campaignBusinessId, campaignId } };
  }

  if (!key.platformId || key.platformStatus !== "active") throw unauthorized("The platform of this API key is not active.");
  // a platform a business registered lives and dies with its owner's approval; an ownerless one is instance-level
  if (gated && key.platformOwnerId) refuseUnactivated({ environment, businessId: key.platformOwnerId, kybStatus: key.kybStatus });
  const gateTarget = gatesTargetActivation(opts);
  const platform = {
    id: key.platformId,
    approvedScopes: approvedScopesFor(environment, { approvedScopes: key.platformScopes ?? [], testApprovedScopes: key.platformTestScopes ?? [] }),
  };
  const db = getDb();
  let grant: { id: string; grantedScopes: string[]; lastUsedAt: Date | null } | null = null;
  let businessId: string | undefined;
  let pathCampaignId: string | undefined;
  if (opts.targetBusiness === "campaign") {
    // A key whose platform or own scopes lack the route's scope learns nothing about the campaign: refused first.
    requireScope(opts.scope, { platform: platform.approvedScopes, key: key.scopes });
    // Another business's campaign, or one this platform has no grant for, is a 404 that leaks nothing.
    const notFound = () => new AppError("CAMPAIGN_NOT_FOUND", "No campaign with this id belongs to a business that granted your platform access.");
    const campaignId = campaignIdInPath(req);
    // with its business's activation status, in the same round trip
    const [campaign] = campaignId
      ? await db.$queryRaw<{ businessId: string; environment: Environment; status: string; kybStatus: string }[]>`
          SELECT c."businessId", c."environment"::text AS "environment", c."status", b."kybStatus"
          FROM "Campaign" c JOIN "Business" b ON b."id" = c."businessId" WHERE c."id" = ${campaignId}`
      : [];
    if (!campaign || campaign.environment !== environment || campaign.status === "deleted") throw notFound();
    const header = req.headers.get("x-target-business-id");
    if (header && header !== campaign.businessId) throw notFound();
    businessId = campaign.businessId;
    pathCampaignId = campaignId;
    grant = await db.businessGrant.findFirst({
      where: { platformId: platform.id, businessId, status: "active" },
      select: { id: true, grantedScopes: true, lastUsedAt: true },
    });
    if (!grant) throw notFound();
    facts.businessId = businessId;
    if (gateTarget) refuseUnactivated({ environment, businessId, kybStatus: campaign.kybStatus });
  } else if (opts.targetBusiness) {
    businessId = req.headers.get("x-target-business-id") ?? undefined;
    if (!businessId) throw new AppError("TARGET_BUSINESS_REQUIRED", "Missing X-Target-Business-Id header: send the id of the business you act for.");
    const business = await db.business.findUnique({ where: { id: businessId }, select: { environment: true, kybStatus: true } });
    if (!business || business.environment !== environment) throw new AppError("BUSINESS_NOT_FOUND", "The target business does not exist.");
    grant = await db.businessGrant.findFirst({
      where: { platformId: platform.id, businessId, status: "active" },
      select: { id: true, grantedScopes: true, lastUsedAt: true },
    });
    if (!grant) throw new AppError("GRANT_REQUIRED", "This business has not granted your platform access (no active grant).");
    facts.businessId = businessId;
    if (gateTarget) refuseUnactivated({ environment, businessId, kybStatus: business.kybStatus });
  }
  requireScope(opts.scope, { platform: platform.approvedScopes, key: key.scopes, grant: grant?.grantedScopes });
  const scopes = effectiveScopes({ platform: platform.approvedScopes, key: key.scopes, grant: grant?.grantedScopes });
  await touchPlatformUse({ db }, { key, grant, now });
  const actor = {
    kind: "platform" as const,
    keyId: key.id as KeyId,
    platformId: platform.id,
    scopes,
    ...(key.expiresAt ? { graceEndsAt: key.expiresAt } : {}),
  };
  if (!businessId || !grant) return { actor, scope: { kind: "platform", environment, platformId: platform.id } };
  const via = { environment, businessId, platformId: platform.id, grantId: grant.id };
  return { actor, scope: pathCampaignId ? { kind: "campaign", ...via, campaignId: pathCampaignId } : { kind: "business", ...via } };
};
