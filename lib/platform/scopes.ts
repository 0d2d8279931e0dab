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
 * Effective permission = platform-approved ∩ key scopes (∩ business grant when acting for a business).
 * Management scopes need no grant: they concern the platform itself.
 */
export const effectiveScopes = ({ platform, key, grant }: { platform: string[]; key: string[]; grant?: string[] }): string[] => {
  const approved = new Set(platform);
  const granted = grant ? new Set(grant) : null;
  return key.filter((s) => approved.has(s) && (!granted || granted.has(s) || MANAGEMENT_SCOPES.includes(s)));
};
