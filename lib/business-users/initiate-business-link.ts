import type { Prisma } from "../db/generated/client.ts";
import type { TargetContext } from "../core/context.ts";
import { parseEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { initiateLinkSession, type InitiatedLinkSession } from "../linking/initiate-link-session.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import type { InitiateBusinessLinkBody } from "./schemas.ts";

/**
 * Starts linking a player to the whole target business (one obu_ reference across its games and
 * campaigns). The link-session service does the work: a repeat with the same email or Idempotency-Key
 * returns the pending session (created false), a new one emits User.Account.Link.Started to the
 * platform's endpoint. Without an email the Idempotency-Key is required, so a retry cannot open a second
 * session.
 */
export const initiateBusinessLink = async (ctx: TargetContext, body: InitiateBusinessLinkBody): Promise<InitiatedLinkSession> => {
  const email = body.email === undefined || body.email === null ? null : parseEmail(body.email);
  if (body.email !== undefined && body.email !== null && !email)
    throw new AppError("INVALID_EMAIL", "email must be a valid email address, like name@example.com.", {
      details: [{ field: "email", message: "must be a valid email address, like name@example.com" }],
    });
  if (!email && ctx.idempotencyKey === undefined)
    throw new AppError(
      "IDEMPOTENCY_KEY_REQUIRED",
      "Without an email this call needs an Idempotency-Key header (any unique string, e.g. a UUID), so that a retry returns the same session.",
    );
  return initiateLinkSession(ctx, {
    scope: linkScopeOf(ctx),
    email,
    idempotencyKey: ctx.idempotencyKey,
    metadata: body.metadata as Prisma.InputJsonValue | undefined,
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { INITIATE_LINK_SESSION_ERRORS } from "../linking/initiate-link-session.ts";
export const INITIATE_BUSINESS_LINK_ERRORS = [
  "IDEMPOTENCY_KEY_REQUIRED",
  "INVALID_EMAIL",
  ...INITIATE_LINK_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
