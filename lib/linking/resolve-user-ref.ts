import type { DbClient } from "../db/transaction.ts";
import { notFound } from "../http/errors.ts";
import type { Environment } from "../http/keys.ts";

export type Namespace = { type: "game" | "campaign" | "business"; id: string };

/**
 * The active link behind `userRef` inside one namespace (a game, a campaign or a business) and
 * environment. An unknown reference, another namespace's reference, or an unlinked one is a 404.
 */
export const resolveUserRef = async (db: DbClient, namespace: Namespace, environment: Environment, userRef: string) => {
  const link = await db.playerLink.findUnique({ where: { userRef } });
  if (!link || link.namespaceType !== namespace.type || link.namespaceId !== namespace.id || link.environment !== environment || link.status !== "active")
    throw notFound(`User ${JSON.stringify(userRef)}`, "USER_REF_NOT_FOUND");
  return link;
};
