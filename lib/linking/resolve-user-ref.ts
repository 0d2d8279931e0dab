import type { DbContext } from "../core/context.ts";
import { AppError, notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";

export type Namespace = { type: "game" | "campaign" | "business"; id: string };

/**
 * The active link behind `userRef` inside one namespace (a game, a campaign or a business) and
 * environment. An unknown reference, another namespace's reference, or an unlinked one is a 404.
 */
export const resolveUserRef = async (
  ctx: DbContext,
  { namespace, environment, userRef }: { namespace: Namespace; environment: Environment; userRef: string },
) => {
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query).
  const link = userRef.includes("\u0000") ? null : await ctx.db.playerLink.findUnique({ where: { userRef } });
  return activeLinkOrNotFound(link, { namespace, environment, userRef });
};

type LinkFields = { namespaceType: string; namespaceId: string; environment: string; status: string };

/** The checks of resolveUserRef on a link already read (null: none has this reference). */
export const activeLinkOrNotFound = <L extends LinkFields>(
  link: L | null | undefined,
  { namespace, environment, userRef }: { namespace: Namespace; environment: Environment; userRef: string },
): L => {
  if (!link || link.namespaceType !== namespace.type || link.namespaceId !== namespace.id || link.environment !== environment)
    throw notFound(`User ${JSON.stringify(userRef)}`, "USER_REF_NOT_FOUND");
  if (link.status !== "active")
    throw new AppError(
      "USER_REF_NOT_FOUND",
      `User ${JSON.stringify(userRef)} has no active link: it was removed. Link the player again to get an active link.`,
    );
  return link;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESOLVE_USER_REF_ERRORS = ["USER_REF_NOT_FOUND"] as const satisfies readonly ErrorCode[];
