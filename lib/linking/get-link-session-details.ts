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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_LINK_SESSION_ERRORS } from "./find-link-session.ts";
export const GET_LINK_SESSION_DETAILS_ERRORS = [...FIND_LINK_SESSION_ERRORS] as const satisfies readonly ErrorCode[];
