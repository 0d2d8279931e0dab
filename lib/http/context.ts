import type { DbClient } from "../db/transaction.ts";
import type { Environment } from "./keys.ts";

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
};
export type Principal = ServerPrincipal | CampaignPrincipal | PlatformPrincipal;

/** What every service receives: who acts, in which environment, and the database (or the open transaction). */
export type ServiceContext<P extends Principal = Principal> = {
  db: DbClient;
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
