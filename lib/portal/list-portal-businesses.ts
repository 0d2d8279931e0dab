import type { AdminPlayer } from "../platform/business-admin.ts";
import type { DbContext } from "../core/context.ts";
import { listMemberships } from "./require-portal-access.ts";

/** The businesses the signed-in player is a member of (any role), for /portal. */
export const listPortalBusinesses = (ctx: DbContext, { player }: { player: AdminPlayer }) => listMemberships(ctx, player);
