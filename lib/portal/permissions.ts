// Who may do what in the developer portal (/portal): the role → permission table. A member's roles come
// from BusinessMember.roles (plus "owner" when isOwner); a member holds the union of its roles' permissions.
// Every portal page and server action checks a permission on the server (require-portal-access.ts); the
// navigation shows only the items the member's permissions allow.

export const PORTAL_ROLES = ["owner", "admin", "developer", "finance", "viewer"] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

export const PORTAL_PERMISSIONS = ["overview:read", "games:read", "games:write", "keys:read", "keys:write"] as const;
export type PortalPermission = (typeof PORTAL_PERMISSIONS)[number];

/** The table: what each role may see and do. */
export const ROLE_PERMISSIONS: Record<PortalRole, readonly PortalPermission[]> = {
  owner: ["overview:read", "games:read", "games:write", "keys:read", "keys:write"],
  admin: ["overview:read", "games:read", "games:write", "keys:read", "keys:write"],
  developer: ["overview:read", "games:read", "games:write", "keys:read", "keys:write"],
  // money people see the business and its games; API keys are not theirs to see
  finance: ["overview:read", "games:read"],
  // read-only: everything except secrets and changes (a key shows only its prefix anyway)
  viewer: ["overview:read", "games:read", "keys:read"],
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
