// The operator console in tests: an operator (a verified player named with addOperator, as
// `npm run operator -- add` does), enrolled in TOTP through the real services; and, for the tests of pages
// and server actions, `next/headers` whose cookies() also records what an action sets (the console's cookie),
// so a test can hand that cookie back on the next request as a browser would.
import { getDb } from "../../lib/db/client.ts";
import { addOperator } from "../../lib/operator/add-operator.ts";
import { confirmTotpEnrolment } from "../../lib/operator/confirm-totp-enrolment.ts";
import { OPERATOR_COOKIE } from "../../lib/operator/operator-session.ts";
import { startTotpEnrolment } from "../../lib/operator/start-totp-enrolment.ts";
import { totpCodeAt } from "../../lib/operator/totp.ts";
import { makePlayer } from "./players.ts";
import { nextHeaders } from "./serve-auth.ts";

/** A verified player (password "password-123") named an operator; not enrolled yet. */
export const makeOperatorAccount = async () => {
  const player = await makePlayer();
  const added = await addOperator({ db: getDb() }, { email: player.email });
  return { playerId: player.id, email: player.email, operatorId: added!.id };
};

/** Enrols the operator's TOTP (the secret the console would show, confirmed with its code at `at`). */
export const enrolOperator = async (operatorId: string, at = new Date(Date.now() - 60_000)) => {
  const db = getDb();
  const operator = await db.operator.findUniqueOrThrow({ where: { id: operatorId } });
  const enrolment = await startTotpEnrolment({ db }, { operator });
  const fresh = await db.operator.findUniqueOrThrow({ where: { id: operatorId } });
  const { recoveryCodes } = await confirmTotpEnrolment({ db }, { operator: fresh, code: totpCodeAt(enrolment!.secret, at), now: at });
  return { secret: enrolment!.secret, recoveryCodes };
};

export type SetCookie = { name: string; value: string; options: Record<string, unknown> };
const setCookies: SetCookie[] = [];

/** `next/headers` for the console's tests: serve-auth's, with cookies().set recorded. */
export const operatorNextHeaders = {
  headers: nextHeaders.headers,
  cookies: async () => ({
    ...(await nextHeaders.cookies()),
    set: (name: string, value: string, options: Record<string, unknown> = {}) => void setCookies.push({ name, value, options }),
  }),
};

/** The cookies set since the last call (and forgets them). */
export const takeSetCookies = (): SetCookie[] => setCookies.splice(0);

/** `headers` with the console's cookie added (a browser that passed the second factor). */
export const withOperatorCookie = (headers: Record<string, string>, value: string): Record<string, string> => ({
  ...headers,
  cookie: [headers.cookie, `${OPERATOR_COOKIE}=${encodeURIComponent(value)}`].filter(Boolean).join("; "),
});
