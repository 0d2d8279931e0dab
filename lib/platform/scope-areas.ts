// The business scopes in plain words, grouped by area, for the pages where a business admin decides what a
// platform may do. The words are messages of the "platform" namespace (messages/<locale>/platform.json):
// `scopes.<key>` per scope and `areas.<area>` per area, the key being the scope with ":" as "_".
import { BUSINESS_SCOPES } from "./scopes.ts";

export const SCOPE_AREAS = ["campaigns", "money", "players", "items", "business"] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];

const AREA_OF: Record<string, ScopeArea> = {
  "campaign:create": "campaigns",
  "campaign:read": "campaigns",
  "campaign:update": "campaigns",
  "campaign:delete": "campaigns",
  "campaign:start": "campaigns",
  "campaign:stop": "campaigns",
  "campaign:events:create": "campaigns",
  "campaign:users:link:static": "campaigns",
  "campaign:payout-wallet:balance": "money",
  "campaign:funds:create": "money",
  "campaign:funds:read": "money",
  "splitTemplate:create": "money",
  "splitTemplate:read": "money",
  "splitTemplate:update": "money",
  "splitTemplate:delete": "money",
  "distribution:create": "money",
  "distribution:read": "money",
  "distribution:cancel": "money",
  "distribution:funds:create": "money",
  "distribution:funds:read": "money",
  "gift:create": "money",
  "gift:read": "money",
  "invoice:create": "money",
  "invoice:read": "money",
  "invoice:update": "money",
  "invoice:send": "money",
  "invoice:cancel": "money",
  "invoice:refund": "money",
  "business:wallet:balance": "money",
  "campaign:users:link:read": "players",
  "campaign:users:link:create": "players",
  "campaign:users:link:remove": "players",
  "campaign:users:wallet:read": "players",
  "business:users:link:create": "players",
  "business:users:link:read": "players",
  "business:users:link:remove": "players",
  "lookup:emails": "players",
  "item:create": "items",
  "item:read": "items",
  "item:update": "items",
  "gameplay:event:create": "items",
  "business:create": "business",
  "business:read": "business",
  "business:update": "business",
};

/** The message key of a scope's plain words: `campaign:users:link:read` → `campaign_users_link_read`. */
export const scopeMessageKey = (scope: string): string => scope.replace(/[:.-]/g, "_");

export type ScopeGroup = { area: ScopeArea; scopes: string[] };

/** `scopes` grouped by area, areas and scopes in a fixed order (the order of BUSINESS_SCOPES); unknown scopes are left out. */
export const groupScopes = (scopes: readonly string[]): ScopeGroup[] =>
  SCOPE_AREAS.map((area) => ({ area, scopes: BUSINESS_SCOPES.filter((s) => AREA_OF[s] === area && scopes.includes(s)) })).filter((g) => g.scopes.length > 0);

export const areaOf = (scope: string): ScopeArea | undefined => AREA_OF[scope];
