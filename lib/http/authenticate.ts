import { getDb } from "../db/client.ts";
import { AppError } from "./errors.ts";
import { hashKey, parseKeyFormat, type Environment, type KeyKind } from "./keys.ts";
import type { Principal } from "./context.ts";
import { effectiveScopes } from "./scopes.ts";

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message, { status: 401 });

export type AuthOptions = { auth: KeyKind; scope?: string; targetBusiness?: boolean };

const bearer = (req: Request): string => {
  const header = req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized("Missing API key: send `Authorization: Bearer <key>`.");
  return m[1];
};

/**
 * Authenticates the request for the route's credential and returns the principal and environment.
 * Keys are looked up by SHA-256 hash; a revoked, expired or wrong-kind key is a 401.
 */
export const authenticate = async (req: Request, opts: AuthOptions): Promise<{ principal: Principal; environment: Environment }> => {
  const raw = bearer(req);
  const format = parseKeyFormat(raw);
  if (!format) throw unauthorized("The API key is not valid.");
  if (format.kind !== opts.auth) throw unauthorized(`This endpoint needs a ${opts.auth} key; a ${format.kind} key was sent.`);
  const db = getDb();
  const key = await db.apiKey.findUnique({ where: { hash: hashKey(raw) } });
  const now = new Date();
  if (!key || key.kind !== format.kind || key.status !== "active" || key.revokedAt || (key.expiresAt && key.expiresAt <= now))
    throw unauthorized("The API key is not valid, or it has been revoked.");
  const environment = key.environment as Environment;

  if (opts.auth === "server") {
    const gameId = req.headers.get("x-game-id");
    if (!gameId) throw unauthorized("Missing X-Game-Id header: send the id of the game this key belongs to.");
    if (gameId !== key.gameId) throw unauthorized("X-Game-Id does not match the game of this API key.");
    const game = await db.game.findUnique({ where: { id: gameId }, select: { businessId: true, environment: true } });
    if (!game || game.environment !== environment) throw unauthorized("X-Game-Id does not match the game of this API key.");
    return { principal: { kind: "server", keyId: key.id, gameId, businessId: game.businessId }, environment };
  }

  if (opts.auth === "campaign") {
    const campaignId = req.headers.get("x-campaign-id");
    if (!campaignId) throw unauthorized("Missing X-Campaign-Id header: send the id of the campaign this key belongs to.");
    if (campaignId !== key.campaignId) throw unauthorized("X-Campaign-Id does not match the campaign of this API key.");
    const campaign = await db.campaign.findUnique({ where: { id: campaignId }, select: { businessId: true, environment: true } });
    if (!campaign || campaign.environment !== environment) throw unauthorized("X-Campaign-Id does not match the campaign of this API key.");
    return { principal: { kind: "campaign", keyId: key.id, campaignId, businessId: campaign.businessId }, environment };
  }

  const platform = key.platformId ? await db.platform.findUnique({ where: { id: key.platformId } }) : null;
  if (!platform || platform.status !== "active") throw unauthorized("The platform of this API key is not active.");
  let grant: { id: string; grantedScopes: string[] } | null = null;
  let businessId: string | undefined;
  if (opts.targetBusiness) {
    businessId = req.headers.get("x-target-business-id") ?? undefined;
    if (!businessId) throw new AppError("TARGET_BUSINESS_REQUIRED", "Missing X-Target-Business-Id header: send the id of the business you act for.", { status: 400 });
    const business = await db.business.findUnique({ where: { id: businessId }, select: { environment: true } });
    if (!business || business.environment !== environment) throw new AppError("BUSINESS_NOT_FOUND", "The target business does not exist.", { status: 404 });
    grant = await db.businessGrant.findFirst({ where: { platformId: platform.id, businessId, status: "active" }, select: { id: true, grantedScopes: true } });
    if (!grant) throw new AppError("GRANT_REQUIRED", "This business has not granted your platform access (no active grant).", { status: 403 });
  }
  const scopes = effectiveScopes({ platform: platform.approvedScopes, key: key.scopes, grant: grant?.grantedScopes });
  if (opts.scope && !scopes.includes(opts.scope))
    throw new AppError("INSUFFICIENT_SCOPE", `This call needs the scope ${opts.scope}, which the platform, the key or the business grant does not allow.`, { status: 403 });
  return { principal: { kind: "platform", keyId: key.id, platformId: platform.id, scopes, businessId, grantId: grant?.id }, environment };
};
