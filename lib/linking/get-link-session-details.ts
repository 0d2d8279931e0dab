import { findLinkSession } from "./find-link-session.ts";
import type { LinkScope } from "./link-scope.ts";
import type { LinkSessionDetails } from "./schemas.ts";
import { describeLinkSession } from "./serialize-link-session.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The details of a session in the caller's scope (404 for another tenant's). Reading an overdue pending
 * session records its expiry, so it reads as expired.
 */
export const getLinkSessionDetails = async (
  ctx: DbContext,
  { scope, sessionKey, now = new Date() }: { scope: LinkScope; sessionKey: string; now?: Date },
): Promise<LinkSessionDetails> => describeLinkSession(ctx, { session: await findLinkSession(ctx, { scope, sessionKey, now }) });
