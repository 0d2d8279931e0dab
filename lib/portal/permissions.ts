// Who may do what in the developer portal (/portal): the role → permission table. A member's roles come
// from BusinessMember.roles (plus "owner" when isOwner); a member holds the union of its roles' permissions.
// Every portal page and server action checks a permission on the server (require-portal-access.ts); the
// navigation shows only the items the member's permissions allow.

export const PORTAL_ROLES = ["owner", "admin", "developer", "finance", "viewer"] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

export const PORTAL_PERMISSIONS = [
  "overview:read",
  "games:read",
  "games:write",
  "keys:read",
  "keys:write",
  "members:read",
  "members:write",
  "audit:read",
  "webhooks:read",
  "webhooks:write",
  "ledger:read",
  "currencies:write",
  "cashouts:write",
  "catalogue:read",
  "catalogue:write",
  "campaigns:read",
  "campaigns:write",
  "players:read",
  "logs:read",
  "testhelpers:use",
  // the business's application to go live (lib/activation): the form, its documents, submitting it
  "activation:write",
  // the platform console (app/portal/[businessId]/platforms): the business's own platforms, their keys,
  // scope requests and connected businesses (their webhook endpoints are webhooks:write, as a game's)
  "platforms:read",
  "platforms:write",
  // refunds of purchases and invoices (lib/refunds): money going back, so finance, admin and owner only
  "refunds:write",
] as const;
export type PortalPermission = (typeof PORTAL_PERMISSIONS)[number];

const ALL: readonly PortalPermission[] = PORTAL_PERMISSIONS;
const READ: readonly PortalPermission[] = PORTAL_PERMISSIONS.filter((p) => p.endsWith(":read"));

/** The table: what each role may see and do. */
export const ROLE_PERMISSIONS: Record<PortalRole, readonly PortalPermission[]> = {
  owner: ALL,
  admin: ALL,
  // builds the integration: games, keys, webhooks, currencies, catalogue, campaigns, platforms and test helpers;
  // members, the audit log, cashout decisions and the application to go live (the business's legal identity) are
  // not theirs
  developer: ALL.filter((p) => !["members:write", "cashouts:write", "activation:write", "refunds:write"].includes(p)),
  // money people: the ledger, cashout decisions, campaign funding and withdrawals, players, the audit log; no
  // keys, webhooks, catalogue changes or request bodies
  finance: [
    "overview:read",
    "games:read",
    "members:read",
    "audit:read",
    "ledger:read",
    "cashouts:write",
    "refunds:write",
    "catalogue:read",
    "campaigns:read",
    "campaigns:write",
    "players:read",
  ],
  // read-only: everything that is read, nothing that changes (a key shows only its prefix anyway)
  viewer: READ,
};

const isRole = (r: string): r is PortalRole => (PORTAL_ROLES as readonly string[]).includes(r);

/** A membership's roles as the portal knows them: unknown role names are ignored; the owner flag is the owner role. */
export const rolesOf = (member: { roles: string[]; isOwner: boolean }): PortalRole[] => {
  const roles = new Set<PortalRole>(member.roles.filter(isRole));
  if (member.isOwner) roles.add("owner");
  return PORTAL_ROLES.filter((r) => roles.has(r));
};

/** The union of the roles' permissions, in the table's order. */
export const permissionsOf = (roles: readonly PortalRole[]): PortalPermission[] =>
  PORTAL_PERMISSIONS.filter((p) => roles.some((r) => ROLE_PERMISSIONS[r].includes(p)));

export const can = (permissions: readonly PortalPermission[], permission: PortalPermission): boolean => permissions.includes(permission);
