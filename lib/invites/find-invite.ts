import type { LinkInvite } from "../db/generated/client.ts";
import type { TxContext } from "../db/transaction.ts";
import { notFound } from "../core/errors.ts";
import { inLinkScope, type LinkScope } from "../linking/link-scope.ts";
import type { DbContext } from "../core/context.ts";

export const inviteNotFound = (code: string) => notFound(`Link invite ${JSON.stringify(code)}`, "INVITE_NOT_FOUND");

/**
 * Loads an invite by code inside the caller's scope; another campaign's or environment's invite is a
 * 404 like an unknown one. Without a scope (the hosted join page, where the code is the credential)
 * any invite matches.
 */
export const findInvite = async (ctx: DbContext, { code, scope }: { code: string; scope?: LinkScope }): Promise<LinkInvite> => {
  // PostgreSQL text cannot hold NUL: such a code matches no invite (and must not reach the query).
  if (code.includes("\u0000")) throw inviteNotFound(code);
  const invite = await ctx.db.linkInvite.findUnique({ where: { code } });
  if (!invite || (scope && !inLinkScope(invite, scope))) throw inviteNotFound(code);
  return invite;
};

/** The same, with the row locked (FOR UPDATE) until the caller's transaction ends. */
export const lockInvite = async (ctx: TxContext, { code, scope }: { code: string; scope?: LinkScope }): Promise<LinkInvite> => {
  if (code.includes("\u0000")) throw inviteNotFound(code);
  await ctx.db.$queryRaw`SELECT 1 FROM "LinkInvite" WHERE "code" = ${code} FOR UPDATE`;
  return findInvite(ctx, { code, scope });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_INVITE_ERRORS = ["INVITE_NOT_FOUND"] as const satisfies readonly ErrorCode[];
