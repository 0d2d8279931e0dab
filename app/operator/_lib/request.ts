// What every /operator page, route and server action does first, on the server: read who is signed in (with
// their sign-in's id) and the console's cookie, and pass them to the guard (lib/operator/require-operator.ts).
// Anyone but an operator who passed the second factor gets Next's 404, the same page any unknown URL gets.
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getSignedInSession } from "@/lib/auth/get-signed-in-player";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { OPERATOR_COOKIE, OPERATOR_SESSION_HOURS, operatorCookieOptions, readOperatorSession, signOperatorSession } from "@/lib/operator/operator-session";
import { requireOperator, requireOperatorAccount, type OperatorRequest } from "@/lib/operator/require-operator";

/** The request as the guard reads it. */
export const operatorRequest = async (): Promise<OperatorRequest> => {
  const [session, jar] = await Promise.all([getSignedInSession(), cookies()]);
  return { db: getDb(), session, cookie: jar.getAll().find((c) => c.name === OPERATOR_COOKIE)?.value };
};

/** Runs `fn`; the guard's 404 (or any AppError 404) becomes Next's notFound(). */
export const orNotFound = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
};

/** The operator of a console page (second factor passed), or the 404. */
export const operatorPage = async () => {
  const req = await operatorRequest();
  return orNotFound(async () => ({ ...(await requireOperator(req)), req }));
};

/** The operator account of the sign-in page (before the second factor), or the 404. */
export const operatorAccountPage = async () => {
  const req = await operatorRequest();
  return orNotFound(async () => ({ operator: await requireOperatorAccount(req), req }));
};

/** Sets the second-factor cookie for this operator, player and sign-in (after a good code). */
export const setOperatorCookie = async (req: OperatorRequest, operatorId: string) => {
  const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3600_000);
  const value = signOperatorSession({ operatorId, playerId: req.session!.player.playerId, sessionId: req.session!.sessionId, expiresAt: expiresAt.getTime() });
  (await cookies()).set(OPERATOR_COOKIE, value, operatorCookieOptions(process.env.NODE_ENV === "production", expiresAt));
};

const ENROLMENT_PROOF_MS = 10 * 60_000;

/**
 * The proof that this sign-in just confirmed its enrolment: the console's signature over the operator, the
 * player and "enrol:" + the sign-in's id (never a valid cookie itself), good for ten minutes.
 */
export const enrolmentProofFor = (req: OperatorRequest, operatorId: string): string =>
  signOperatorSession({
    operatorId,
    playerId: req.session!.player.playerId,
    sessionId: `enrol:${req.session!.sessionId}`,
    expiresAt: Date.now() + ENROLMENT_PROOF_MS,
  });

export const isEnrolmentProofFor = (req: OperatorRequest, operatorId: string, proof: string): boolean => {
  const claims = readOperatorSession(proof, new Date());
  return (
    claims !== null &&
    claims.operatorId === operatorId &&
    claims.playerId === req.session?.player.playerId &&
    claims.sessionId === `enrol:${req.session.sessionId}`
  );
};

/** Ends the second factor in this browser. */
export const clearOperatorCookie = async () => {
  (await cookies()).set(OPERATOR_COOKIE, "", { ...operatorCookieOptions(process.env.NODE_ENV === "production", new Date(0)), maxAge: 0 });
};
