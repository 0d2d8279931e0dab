// Guessing second-factor codes is throttled per operator (whoever guesses: it is the operator's factor that
// is attacked, and only a signed-in operator reaches the form): five wrong codes are free, then the form waits
// 1, 2, 4, 8, then 15 minutes between tries; a good code clears the count. The rows and their locking are
// the sign-in throttle's (lib/auth/sign-in-throttle.ts).
import type { DelayRule } from "../auth/sign-in-throttle.ts";

const MINUTE = 60_000;

export const OPERATOR_CODE_RULE: DelayRule = {
  name: "operator-code",
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  delaysMs: [0, 0, 0, 0, 1 * MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 15 * MINUTE],
  idleMs: 60 * MINUTE,
  refusal: "Too many wrong codes.",
};
