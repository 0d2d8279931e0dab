// The one check in front of every /operator page, route and server action, on the server: the signed-in
// player (verified email) is named an operator (npm run operator -- add EMAIL), and this browser passed the
// second factor for that operator, that player and that sign-in (operator-session.ts). Anything else is a
// 404 NOT_FOUND, the same for a stranger, a member of any business, a signed-out visitor and an operator
// without the second factor: the console does not say it exists. The Operator row is read on every call, so
// a removed operator (or one re-added, with a new id) loses access at the next request.
import type { DbContext, OperatorContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import type { Operator } from "../db/generated/client.ts";
import { readOperatorSession } from "./operator-session.ts";

/** What the console's pages and actions know of the request: the signed-in player and the console's cookie. */
export type OperatorRequest = DbContext & {
  /** the signed-in player and their sign-in's id (null: nobody) */
  session: { player: { playerId: string; email: string }; sessionId: string } | null;
  /** the second-factor cookie's value, if any */
  cookie: string | undefined;
  now?: Date;
};

export const consoleNotFound = () => new AppError("NOT_FOUND", "This page could not be found.");

/**
 * The operator the signed-in player is, before the second factor: what the sign-in page (enrolment or
 * code) needs. 404 for a player who is not an operator, or whose email is not verified.
 */
export const requireOperatorAccount = async (req: OperatorRequest): Promise<Operator> => {
  if (!req.session) throw consoleNotFound();
  const player = await req.db.player.findUnique({ where: { id: req.session.player.playerId }, select: { email: true, emailVerifiedAt: true } });
  if (!player?.emailVerifiedAt) throw consoleNotFound();
  const operator = await req.db.operator.findUnique({ where: { email: normalizeEmail(player.email) } });
  if (!operator) throw consoleNotFound();
  return operator;
};

/** A signed-in operator who passed the second factor in this sign-in: their context, or 404. */
export const requireOperator = async (req: OperatorRequest): Promise<OperatorContext & { operator: Operator }> => {
  const operator = await requireOperatorAccount(req);
  const claims = readOperatorSession(req.cookie, req.now ?? new Date());
  if (
    !operator.totpEnrolledAt ||
    !operator.totpSecret ||
    !claims ||
    claims.operatorId !== operator.id ||
    claims.playerId !== req.session!.player.playerId ||
    claims.sessionId !== req.session!.sessionId
  )
    throw consoleNotFound();
  return { db: req.db, actor: { kind: "operator", email: operator.email }, operator };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const REQUIRE_OPERATOR_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
