import type { DbContext } from "../core/context.ts";
import { sendEmail } from "../email/send-email.ts";
import { noAccountMail, resetPasswordMail } from "./auth-mails.ts";
import { checkEmail, checkReturnTo } from "./credentials.ts";
import { issueEmailToken } from "./issue-email-token.ts";
import type { MailSentAnswer } from "./request-sign-up.ts";
import { throttleMailRequest } from "./throttle-mail-request.ts";

/**
 * "Forgot password": mails a single-use reset link (reset_password) to an email that has an account, with
 * or without a password yet (a guest then sets one). An email with no account gets a mail saying so. The
 * answer is the same either way, so it reveals nothing. 400 for a bad email; 429 past the mail limits.
 */
export const requestPasswordReset = async (ctx: DbContext, input: { email: unknown; returnTo?: unknown; ip: string; now?: Date }): Promise<MailSentAnswer> => {
  const email = checkEmail(input.email);
  const returnTo = checkReturnTo(input.returnTo);
  const now = input.now ?? new Date();
  await throttleMailRequest(ctx, { email, ip: input.ip, now });
  const player = await ctx.db.player.findUnique({ where: { email }, select: { id: true } });
  if (player) {
    const { token } = await issueEmailToken(ctx, { purpose: "reset_password", email, returnTo, now });
    await sendEmail(resetPasswordMail({ to: email, token }), { db: ctx.db });
  } else {
    await sendEmail(noAccountMail({ to: email }), { db: ctx.db });
  }
  return { email };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREDENTIALS_ERRORS } from "./credentials.ts";
import { THROTTLE_MAIL_REQUEST_ERRORS } from "./throttle-mail-request.ts";
export const REQUEST_PASSWORD_RESET_ERRORS = [...CREDENTIALS_ERRORS, ...THROTTLE_MAIL_REQUEST_ERRORS] as const satisfies readonly ErrorCode[];
