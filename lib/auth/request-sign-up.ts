import type { DbContext } from "../core/context.ts";
import { sendEmail } from "../email/send-email.ts";
import { alreadyRegisteredMail, verifyEmailMail } from "./auth-mails.ts";
import { checkEmail, checkName, checkNewPassword, checkReturnTo } from "./credentials.ts";
import { issueEmailToken } from "./issue-email-token.ts";
import { hashPassword } from "./password-hash.ts";
import { throttleMailRequest } from "./throttle-mail-request.ts";

export type SignUpInput = { email: unknown; password: unknown; name?: unknown; returnTo?: unknown; ip: string; now?: Date };

/** What every accepted sign-up answers, whatever the email: "check your email". */
export type MailSentAnswer = { email: string };

/**
 * Starts a sign-up. Nothing is set on any account here: the password is hashed and kept in a mailed,
 * single-use token (verify_email), and only following that link proves the mailbox and sets it
 * (verify-email.ts). An email that already has a password gets a mail saying so, with a password reset link,
 * instead. Either way the answer is the same, takes the same work (one hash, one token, one mail) and
 * reveals nothing about which emails have accounts. 400 for a bad field; 429 past the mail limits.
 */
export const requestSignUp = async (ctx: DbContext, input: SignUpInput): Promise<MailSentAnswer> => {
  const email = checkEmail(input.email);
  const password = checkNewPassword(input.password);
  const name = checkName(input.name);
  const returnTo = checkReturnTo(input.returnTo);
  const now = input.now ?? new Date();
  await throttleMailRequest(ctx, { email, ip: input.ip, now });
  const passwordHash = await hashPassword(password);
  const existing = await ctx.db.player.findUnique({ where: { email }, select: { passwordHash: true } });
  if (existing?.passwordHash) {
    const { token } = await issueEmailToken(ctx, { purpose: "reset_password", email, returnTo, now });
    await sendEmail(alreadyRegisteredMail({ to: email, token }), { db: ctx.db });
  } else {
    const { token } = await issueEmailToken(ctx, { purpose: "verify_email", email, passwordHash, name, returnTo, now });
    await sendEmail(verifyEmailMail({ to: email, token }), { db: ctx.db });
  }
  return { email };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREDENTIALS_ERRORS } from "./credentials.ts";
import { THROTTLE_MAIL_REQUEST_ERRORS } from "./throttle-mail-request.ts";
export const REQUEST_SIGN_UP_ERRORS = [...CREDENTIALS_ERRORS, ...THROTTLE_MAIL_REQUEST_ERRORS] as const satisfies readonly ErrorCode[];
