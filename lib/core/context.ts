// Who acts, in which environment, on which database handle: what every service receives.
// Core: imports nothing from lib/. The database client type is registered by lib/db (see CoreTypes).
import type { Environment } from "./environment.ts";

/**
 * Types that outer layers register here, so core can name them without importing them (core sits
 * below lib/db). lib/db/transaction.ts augments it:
 *   declare module "../core/context.ts" { interface CoreTypes { db: DbClient } }
 * Any program that compiles a service also compiles lib/db, so `DbHandle` is always the real DbClient
 * there; a program that never loads lib/db sees `unknown`, and cannot use `ctx.db` by mistake.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CoreTypes {}

/** The database client or open transaction services run on: lib/db's DbClient once registered. */
export type DbHandle = CoreTypes extends { db: infer D } ? D : unknown;

export type ServerPrincipal = { kind: "server"; keyId: string; gameId: string; businessId: string };
export type CampaignPrincipal = { kind: "campaign"; keyId: string; campaignId: string; businessId: string };
export type PlatformPrincipal = {
  kind: "platform";
  keyId: string;
  platformId: string;
  /** platform-approved ∩ key scopes (∩ business grant when a target business is set) */
  scopes: string[];
  businessId?: string;
  grantId?: string;
  /** set on `/v1/platform/campaigns/{campaignId}/...` routes: the campaign, already checked to belong to `businessId` */
  campaignId?: string;
  /** set when the key was rotated: the end of its grace period (until then it calls the API but cannot manage keys or scopes) */
  graceEndsAt?: Date;
};
export type Principal = ServerPrincipal | CampaignPrincipal | PlatformPrincipal;

/**
 * The smallest context: the database (or the open transaction) and nothing else. What jobs, hosted pages
 * and webhook handlers have; a service that needs only the database declares `ctx: DbContext`, and a
 * caller holding a full ServiceContext passes it as is.
 */
export type DbContext = { db: DbHandle };

/** What every request-driven service receives: who acts, in which environment, and the database (or the open transaction). */
export type ServiceContext<P extends Principal = Principal> = DbContext & {
  environment: Environment;
  principal: P;
  requestId: string;
  /** the Idempotency-Key header, when the caller sent one */
  idempotencyKey?: string;
};

export type GameContext = ServiceContext<ServerPrincipal>;
export type CampaignContext = ServiceContext<CampaignPrincipal>;
export type PlatformContext = ServiceContext<PlatformPrincipal>;

/** The idempotency scope of a principal: keys are unique per principal and environment. */
export const principalScope = (p: Principal, environment: Environment): string => {
  switch (p.kind) {
    case "server":
      return `server:${p.gameId}`;
    case "campaign":
      return `campaign:${p.campaignId}`;
    case "platform":
      return `platform:${p.platformId}:${environment}:${p.businessId ?? "-"}`;
  }
};
