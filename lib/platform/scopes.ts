/** Management scopes are approved for every platform automatically. */
export const MANAGEMENT_SCOPES = ["platform:read", "platform.key:manage", "platform.invite:manage", "platform.grant:manage", "platform.scope:request"];

export const BUSINESS_SCOPES = [
  "campaign:create",
  "campaign:read",
  "campaign:update",
  "campaign:delete",
  "campaign:start",
  "campaign:stop",
  "campaign:payout-wallet:balance",
  "campaign:users:link:read",
  "campaign:users:link:create",
  "campaign:users:link:remove",
  "campaign:users:link:static",
  "campaign:users:wallet:read",
  "campaign:events:create",
  "campaign:funds:create",
  "campaign:funds:read",
  "splitTemplate:create",
  "splitTemplate:read",
  "splitTemplate:update",
  "splitTemplate:delete",
  "distribution:create",
  "distribution:read",
  "distribution:cancel",
  "distribution:funds:create",
  "distribution:funds:read",
  "gift:create",
  "gift:read",
  "invoice:create",
  "invoice:read",
  "invoice:update",
  "invoice:send",
  "invoice:cancel",
  "invoice:refund",
  "business:create",
  "business:read",
  "business:update",
  "business:wallet:balance",
  "business:users:link:create",
  "business:users:link:read",
  "business:users:link:remove",
  "lookup:emails",
  "item:create",
  "item:read",
  "item:update",
  "gameplay:event:create",
];

export const ALL_SCOPES = [...MANAGEMENT_SCOPES, ...BUSINESS_SCOPES];

/**
 * The scopes that manage keys and scopes: a key in its rotation grace period (it has an end date; only
 * rotation sets one) cannot use them, so a replaced key cannot outlive its grace through a key it mints.
 */
export const KEY_ADMIN_SCOPES = ["platform.key:manage", "platform.scope:request"];

export const isManagementScope = (scope: string): boolean => MANAGEMENT_SCOPES.includes(scope);

/**
 * The scopes approved for the platform in one environment: `approvedScopes` (set by an operator; it counts
 * in both environments) and, for test keys, `testApprovedScopes` (scope requests made with a test key are
 * approved at once, and never widen what a live key may do).
 */
export const approvedScopesFor = (environment: "test" | "live", p: { approvedScopes: string[]; testApprovedScopes: string[] }): string[] =>
  environment === "test" ? [...new Set([...p.approvedScopes, ...p.testApprovedScopes])] : [...p.approvedScopes];

/** One of the three sets whose intersection is the effective permission. */
export type ScopeSet = "platform" | "key" | "grant";

/** The field of the resource that holds each set, as named in error details. */
export const SCOPE_SET_FIELD: Record<ScopeSet, string> = { platform: "platform.approvedScopes", key: "key.requestedScopes", grant: "grant.grantedScopes" };

/**
 * Which of the three sets lack `scope`, in the order platform, key, grant. The grant counts only when
 * the call acts for a business (`grant` given) and the scope is not a management scope.
 */
export const setsLacking = (scope: string, { platform, key, grant }: { platform: string[]; key: string[]; grant?: string[] }): ScopeSet[] => {
  const out: ScopeSet[] = [];
  if (!platform.includes(scope)) out.push("platform");
  if (!key.includes(scope)) out.push("key");
  if (grant && !isManagementScope(scope) && !grant.includes(scope)) out.push("grant");
  return out;
};

/** What a developer reads when `set` lacks `scope`: the scope, the set, and how to get it. */
export const lackingMessage = (scope: string, set: ScopeSet): string => {
  switch (set) {
    case "platform":
      return `This call needs ${scope}; the platform is not approved for it. Request it with POST /v1/platform/me/scopes.`;
    case "key":
      return `This call needs ${scope}; your key does not hold it. Create a key with it (POST /v1/platform/me/keys).`;
    case "grant":
      return `This call needs ${scope}; the business did not grant it. Ask the business for a new grant (revoke this one, then send an invite or a link session with the scope).`;
  }
};

/**
 * Effective permission = platform-approved ∩ key scopes (∩ business grant when acting for a business).
 * Management scopes need no grant: they concern the platform itself.
 */
export const effectiveScopes = ({ platform, key, grant }: { platform: string[]; key: string[]; grant?: string[] }): string[] => {
  const approved = new Set(platform);
  const granted = grant ? new Set(grant) : null;
  return key.filter((s) => approved.has(s) && (!granted || granted.has(s) || MANAGEMENT_SCOPES.includes(s)));
};
