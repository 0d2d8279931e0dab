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

/**
 * Who acts: used for audit, idempotency, the request log and permissions, never to find the tenant (that
 * is `scope`). A closed union: the three API keys, a portal member, an operator, a job, the system.
 */
declare const authenticated: unique symbol;
/**
 * The id of an API key the kernel authenticated (lib/http/authenticate.ts is the one place that makes one):
 * a key actor cannot be made up by a caller that holds no key (the portal, a page, a job), it has to be
 * another actor. A KeyId is a string wherever one is read.
 */
export type KeyId = string & { readonly [authenticated]: true };
export type ServerKeyActor = { kind: "server"; keyId: KeyId };
export type CampaignKeyActor = { kind: "campaign"; keyId: KeyId };
export type PlatformKeyActor = {
  kind: "platform";
  keyId: KeyId;
  platformId: string;
  /** platform-approved ∩ key scopes (∩ business grant when a target business is set) */
  scopes: string[];
  /** set when the key was rotated: the end of its grace period (until then it calls the API but cannot manage keys or scopes) */
  graceEndsAt?: Date;
};
/** A signed-in member of the business, in the portal or on a hosted page. */
export type MemberActor = { kind: "member"; playerId: string; email: string; roles: readonly string[] };
export type OperatorActor = { kind: "operator"; email: string };
export type JobActor = { kind: "job"; name: string };
export type SystemActor = { kind: "system"; name: string };
export type KeyActor = ServerKeyActor | CampaignKeyActor | PlatformKeyActor;
export type Actor = KeyActor | MemberActor | OperatorActor | JobActor | SystemActor;

/**
 * Where the call acts: the tenant, fully typed, resolved once at the edge. Every variant names its
 * environment; each names what a service of that kind needs, and nothing in it is optional:
 * - `game`: a game and its business (a server key; the portal or a page acting for the game);
 * - `campaign`: a campaign and its business (a campaign key; the portal acting for the campaign);
 * - `business`: a business (a portal member; a platform acting for a target business);
 * - `platform`: a platform with no target business (its keys, scopes, invites, ...).
 * A platform acting for a business or on one of its campaigns (`targetBusiness` routes) adds `ViaPlatform`:
 * the platform and the active grant the kernel checked. A service declares the variant it needs
 * (`GameContext`, `TargetContext`, ...), so it never re-checks a field.
 */
export type GameScope = { kind: "game"; environment: Environment; businessId: string; gameId: string };
export type CampaignScope = { kind: "campaign"; environment: Environment; businessId: string; campaignId: string };
export type BusinessScope = { kind: "business"; environment: Environment; businessId: string };
export type PlatformScope = { kind: "platform"; environment: Environment; platformId: string };
/** What a platform acting for a business adds to the scope: the platform, and the grant that lets it. */
export type ViaPlatform = { platformId: string; grantId: string };
export type TargetBusinessScope = BusinessScope & ViaPlatform;
export type PlatformCampaignScope = CampaignScope & ViaPlatform;
export type Scope = GameScope | CampaignScope | BusinessScope | PlatformScope | TargetBusinessScope | PlatformCampaignScope;
/** Every scope inside one business: all but a platform's own (`scope.businessId` is always there). */
export type InBusinessScope = Exclude<Scope, PlatformScope>;

/**
 * The smallest context: the database (or the open transaction) and nothing else. What jobs, hosted pages
 * and webhook handlers have; a service that needs only the database declares `ctx: DbContext`, and a
 * caller holding a full ServiceContext passes it as is.
 */
export type DbContext = { db: DbHandle };

/** What every request-driven service receives: who acts, where, and the database (or the open transaction). */
export type ServiceContext<S extends Scope = Scope, A extends Actor = Actor> = DbContext & {
  actor: A;
  scope: S;
  requestId: string;
  /** the Idempotency-Key header, when the caller sent one */
  idempotencyKey?: string;
};

/** An operator's services (the /operator console): the instance's staff, acting across tenants, always audited. */
export type OperatorContext = DbContext & { actor: OperatorActor };

/** A game's services: a server key, or the portal acting for the game. */
export type GameContext = ServiceContext<GameScope>;
/** A campaign's services: a campaign key, a platform on /v1/platform/campaigns/{id}, or the portal. */
export type CampaignContext = ServiceContext<CampaignScope>;
/** Any platform call, with or without a target business: `ctx.scope.platformId` is always there. */
export type PlatformContext = ServiceContext<PlatformScope | TargetBusinessScope | PlatformCampaignScope, PlatformKeyActor>;
/** Any call inside one business (a game, a campaign, a business): what the link sessions and test helpers need. */
export type InBusinessContext = ServiceContext<InBusinessScope>;
/**
 * A platform's own management (its keys and scope requests): one of its keys on /v1/platform/me/…, or a member
 * of the business that registered it, in the portal's platform console (lib/portal/helper-contexts.ts asPlatform).
 */
export type PlatformAdminContext = PlatformContext | ServiceContext<PlatformScope, MemberActor>;
/** The context is one of the platform's own keys (not a member in the portal). */
export const isPlatformKeyCall = (ctx: PlatformAdminContext): ctx is PlatformContext => ctx.actor.kind === "platform";
/** A platform acting for a business (X-Target-Business-Id, or the owner of the campaign in the path), under its grant. */
export type TargetContext = ServiceContext<TargetBusinessScope | PlatformCampaignScope, PlatformKeyActor>;
/** A platform on `/v1/platform/campaigns/{campaignId}/...`: the campaign, checked to belong to a business that granted access. */
export type PlatformCampaignContext = ServiceContext<PlatformCampaignScope, PlatformKeyActor>;

/** Who a key is and where it acts, as the kernel resolves them (lib/http/authenticate.ts). */
export type KeyCall =
  | { actor: ServerKeyActor; scope: GameScope }
  | { actor: CampaignKeyActor; scope: CampaignScope }
  | { actor: PlatformKeyActor; scope: PlatformScope | TargetBusinessScope | PlatformCampaignScope };

/**
 * The idempotency scope of a key's call: keys are unique per key owner and environment. The strings are
 * those stored records carry (never change them): `server:<gameId>`, `campaign:<campaignId>`,
 * `platform:<platformId>:<environment>:<businessId or ->`.
 */
export const idempotencyScope = ({ actor, scope }: KeyCall): string => {
  if (actor.kind === "platform") return `platform:${actor.platformId}:${scope.environment}:${"businessId" in scope ? scope.businessId : "-"}`;
  if (scope.kind === "game") return `server:${scope.gameId}`;
  if (scope.kind === "campaign") return `campaign:${scope.campaignId}`;
  throw new Error(`No idempotency scope for a ${actor.kind} key acting on a ${scope.kind} scope.`);
};
