import { randomBytes } from "node:crypto";
import { newId } from "../db/ids.ts";
import type { Environment } from "../core/environment.ts";
import { approvalFields, NO_APPROVAL, type LinkApproval } from "./link-consent.ts";
import type { Namespace } from "./resolve-user-ref.ts";
import type { DbContext } from "../core/context.ts";

const PREFIX: Record<Namespace["type"], string> = { game: "gmu_", campaign: "pvu_", business: "obu_" };

/** A new opaque reference: `gmu_` (game), `pvu_` (campaign), `obu_` (business); `_test_` follows in test. */
export const newUserRef = (type: Namespace["type"], environment: Environment): string =>
  `${PREFIX[type]}${environment === "test" ? "test_" : ""}${randomBytes(12).toString("hex")}`;

/** Finds or creates the player for an email (a guest account until they set a password). */
export const findOrCreatePlayer = async (ctx: DbContext, { email, name }: { email: string; name?: string }) => {
  const normalized = email.trim().toLowerCase();
  // ON CONFLICT DO NOTHING, then read: two first sign-ins of one email racing both get the same player.
  await ctx.db.player.createMany({ data: [{ id: newId(), email: normalized, name: name ?? "" }], skipDuplicates: true });
  return ctx.db.player.findUniqueOrThrow({ where: { email: normalized } });
};

/**
 * The player's link in a namespace. The same player and namespace always get the same userRef: an
 * unlinked link is re-activated with its old reference. `approval` records the player's consent (they
 * approved a link session, signed in): given, it is written on the link, new or existing; omitted (a
 * grant or guest checkout, from an email alone), an existing approval stays as it is and a new or
 * re-activated link has none, so it can receive but not spend (link-consent.ts).
 */
export const linkPlayer = async (
  ctx: DbContext,
  { namespace, environment, playerId, approval }: { namespace: Namespace; environment: Environment; playerId: string; approval?: LinkApproval },
) => {
  const where = { namespaceType_namespaceId_playerId: { namespaceType: namespace.type, namespaceId: namespace.id, playerId } };
  let link = await ctx.db.playerLink.findUnique({ where });
  if (!link) {
    // Two approvals of one player racing here: ON CONFLICT DO NOTHING lets the first insert win, and
    // both read back the same link (and userRef) instead of one failing on the unique index.
    await ctx.db.playerLink.createMany({
      data: [
        { id: newId(), userRef: newUserRef(namespace.type, environment), namespaceType: namespace.type, namespaceId: namespace.id, environment, playerId },
      ],
      skipDuplicates: true,
    });
    link = await ctx.db.playerLink.findUniqueOrThrow({ where });
  }
  const data = {
    ...(link.status === "active" ? {} : { status: "active", unlinkedAt: null, linkedAt: new Date(), ...NO_APPROVAL }),
    ...(approval ? approvalFields(approval) : {}),
  };
  return Object.keys(data).length === 0 ? link : ctx.db.playerLink.update({ where: { id: link.id }, data });
};
