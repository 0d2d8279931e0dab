// The player's decision on the hosted link page, without the Next.js plumbing (app/link/[sessionKey]/actions.ts
// adds the signed-in player and the redirect), so it is tested against PostgreSQL directly.
import type { LinkSession } from "../db/generated/client.ts";
import { AppError } from "../core/errors.ts";
import { approveLinkSession } from "./approve-link-session.ts";
import { cancelLinkSession } from "../linking/cancel-link-session.ts";
import { failLinkSession } from "../linking/fail-link-session.ts";
import { findSessionOrNull, scopeOfSession } from "../linking/load-link-page.ts";
import type { DbContext } from "../core/context.ts";

export type LinkDecision = "approve" | "cancel";

/** A 409 means the session left pending meanwhile (another tab, expiry): the page shows where it went. */
const isConflict = (e: unknown) => e instanceof AppError && e.status === 409;
const ignoreConflict = (e: unknown) => {
  if (!isConflict(e)) throw e;
};

const failureMessage = (e: unknown) =>
  e instanceof AppError ? `The account could not be linked: ${e.message}` : "The account could not be linked because of an error on our side.";

/**
 * Approves as the signed-in player (`email`; null does nothing: the page asks them to sign in) or
 * backs out, inside the session's own scope. When approval fails for any reason but a state change
 * that already happened, the session is failed with a message (User.Account.Link.Failed), so the
 * game hears about it and the player sees it. Returns the session as it now is; null for an unknown key.
 */
export const decideLinkSession = async (
  ctx: DbContext,
  { sessionKey, decision, email }: { sessionKey: string; decision: LinkDecision; email: string | null },
): Promise<LinkSession | null> => {
  const session = await findSessionOrNull(ctx, { sessionKey });
  if (!session) return null;
  const scope = scopeOfSession(session);
  if (decision === "cancel") {
    await cancelLinkSession(ctx, { sessionKey, scope }).catch(ignoreConflict);
  } else if (email) {
    try {
      await approveLinkSession(ctx, { sessionKey, scope, email });
    } catch (e) {
      if (!isConflict(e)) {
        // An AppError is an expected refusal (an invite closed meanwhile); anything else is a bug.
        if (!(e instanceof AppError)) console.error(`[link] approving ${sessionKey} failed:`, e);
        await failLinkSession(ctx, { sessionKey, scope, message: failureMessage(e) }).catch(ignoreConflict);
      }
    }
  }
  return ctx.db.linkSession.findUniqueOrThrow({ where: { id: session.id } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { APPROVE_LINK_SESSION_ERRORS } from "./approve-link-session.ts";
import { CANCEL_LINK_SESSION_ERRORS } from "../linking/cancel-link-session.ts";
import { FAIL_LINK_SESSION_ERRORS } from "../linking/fail-link-session.ts";
import { LOAD_LINK_PAGE_ERRORS } from "../linking/load-link-page.ts";
export const DECIDE_LINK_SESSION_ERRORS = [
  ...APPROVE_LINK_SESSION_ERRORS,
  ...CANCEL_LINK_SESSION_ERRORS,
  ...FAIL_LINK_SESSION_ERRORS,
  ...LOAD_LINK_PAGE_ERRORS,
] as const satisfies readonly ErrorCode[];
