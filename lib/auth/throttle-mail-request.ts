import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { assertNotLocked, lockThrottles, MAIL_PER_EMAIL, MAIL_PER_IP, recordEvents } from "./sign-in-throttle.ts";

/**
 * Counts one mail request (sign-up or password reset) for the email and the client's address, or 429 when
 * either has had its share this hour (5 per email, 20 per address). Counted whether or not the email has an
 * account, so the limit reveals nothing; it keeps anyone from flooding a mailbox or the mail server.
 */
export const throttleMailRequest = (ctx: DbContext, { email, ip, now = new Date() }: { email: string; ip: string; now?: Date }): Promise<void> =>
  inTransaction(ctx.db, async (tx) => {
    const rows = await lockThrottles(
      { ...ctx, db: tx },
      {
        entries: [
          { rule: MAIL_PER_IP, value: ip },
          { rule: MAIL_PER_EMAIL, value: email },
        ],
      },
    );
    assertNotLocked(rows, now);
    await recordEvents({ ...ctx, db: tx }, { rows, now });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { SIGN_IN_THROTTLE_ERRORS } from "./sign-in-throttle.ts";
export const THROTTLE_MAIL_REQUEST_ERRORS = [...SIGN_IN_THROTTLE_ERRORS] as const satisfies readonly ErrorCode[];
