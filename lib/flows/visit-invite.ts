import { approveLinkSession } from "./approve-link-session.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { describeLinkSession } from "../linking/serialize-link-session.ts";
import { findInvite } from "../invites/find-invite.ts";
import { openInviteSession } from "../invites/open-invite-session.ts";
import type { VisitResult } from "../invites/schemas.ts";
import { serializeInvite } from "../invites/serialize-invite.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Test mode: a visitor opens the invite URL, signs in (an account is created when none exists) and
 * approves, exactly as on the hosted pages: a new session, Started then Succeeded, one use counted.
 * The invite must lie in the caller's scope (404 otherwise). A refused invite links nobody. The visitor is
 * a test player of `testHelperOf` (the caller's business), never an account a person signed up for.
 */
export const visitInvite = async (
  ctx: DbContext,
  { scope, code, email, name, testHelperOf }: { scope: LinkScope; code: string; email?: string; name?: string; testHelperOf: string },
): Promise<VisitResult> => {
  await findInvite(ctx, { code, scope });
  const { sessionKey } = await openInviteSession(ctx, { code, email });
  const session = await approveLinkSession(ctx, { sessionKey, scope, email, name, testHelperOf });
  return { invite: serializeInvite(await findInvite(ctx, { code })), session: await describeLinkSession(ctx, { session }) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { APPROVE_LINK_SESSION_ERRORS } from "./approve-link-session.ts";
import { FIND_INVITE_ERRORS } from "../invites/find-invite.ts";
import { OPEN_INVITE_SESSION_ERRORS } from "../invites/open-invite-session.ts";
export const VISIT_INVITE_ERRORS = [
  ...APPROVE_LINK_SESSION_ERRORS,
  ...FIND_INVITE_ERRORS,
  ...OPEN_INVITE_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
