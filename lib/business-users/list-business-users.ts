import type { Prisma } from "../db/generated/client.ts";
import type { TargetContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import type { BusinessUsersQuery } from "./schemas.ts";

/** The text as a LIKE fragment: % and _ match themselves. */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The players actively linked to the target business in the key's environment, most recently linked
 * first, a page at a time; `search` keeps those whose email or name contains it, case-insensitively.
 */
export const listBusinessUsers = async (ctx: TargetContext, { page, limit, search }: BusinessUsersQuery) => {
  const { businessId } = ctx.scope;
  const q = search ? literal(search) : undefined;
  const where: Prisma.PlayerLinkWhereInput = {
    namespaceType: "business",
    namespaceId: businessId,
    environment: ctx.scope.environment,
    status: "active",
    ...(q ? { player: { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.playerLink.findMany({ where, include: { player: true }, orderBy: [{ linkedAt: "desc" }, { id: "desc" }], ...pageWindow({ page, limit }) }),
    ctx.db.playerLink.count({ where }),
  ]);
  return {
    users: rows.map((l) => ({
      linkId: l.id,
      userRef: l.userRef,
      email: l.player.email,
      name: l.player.name,
      linkedAt: l.linkedAt.toISOString(),
      environment: l.environment,
    })),
    pagination: pageInfo({ page, limit, totalCount }),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LIST_BUSINESS_USERS_ERRORS = [] as const satisfies readonly ErrorCode[];
