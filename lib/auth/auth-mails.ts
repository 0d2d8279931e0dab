// The mails of player sign-up and password reset: plain text first (what every client shows), and a simple
// HTML version. Links are absolute (APP_URL) and carry the token in the path.
import type { Email } from "../email/send-email.ts";
import { appBaseUrl } from "../config/settings.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const verifyEmailUrl = (token: string) => `${appBaseUrl()}/account/verify/${token}`;
export const resetPasswordUrl = (token: string) => `${appBaseUrl()}/account/reset/${token}`;

const IGNORE_SIGN_UP =
  "If you did not ask for this, ignore this email: no account is created, and the link cannot be used without the password that was chosen.";
const IGNORE_RESET = "If you did not ask for this, ignore this email: your password stays as it is.";
const IGNORE_NO_ACCOUNT = "If you did not ask for this, ignore this email.";

const html = (paragraphs: string[], action?: { url: string; label: string }) =>
  [
    `<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;max-width:32rem">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f172a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#475569">Or open this address: ${escapeHtml(action.url)}</p>`
      : "",
    `</div>`,
  ].join("");

/** Sign-up on an email without a password: the link that proves the mailbox and then sets the password. */
export const verifyEmailMail = ({ to, token }: { to: string; token: string }): Email => {
  const url = verifyEmailUrl(token);
  const lines = [
    "Someone, hopefully you, started creating a Coinop account with this email address.",
    "To finish, open the link below and enter the password you chose. The link works for one hour, once.",
  ];
  return {
    to,
    subject: "Confirm your email to finish creating your account",
    text: `${lines.join("\n\n")}\n\n${url}\n\n${IGNORE_SIGN_UP}\n`,
    html: html([...lines, IGNORE_SIGN_UP], { url, label: "Confirm my email" }),
  };
};

/** Sign-up on an email that already has a password: nothing is changed; sign in, or reset the password. */
export const alreadyRegisteredMail = ({ to, token }: { to: string; token: string }): Email => {
  const url = resetPasswordUrl(token);
  const lines = [
    "Someone, hopefully you, tried to create a Coinop account with this email address, but you already have one.",
    "Sign in with your password on the page you came from. If you forgot it, choose a new one with the link below (it works for one hour, once).",
  ];
  return {
    to,
    subject: "You already have an account",
    text: `${lines.join("\n\n")}\n\n${url}\n\nIf this was not you, ignore this email: your account and password are unchanged.\n`,
    html: html([...lines, "If this was not you, ignore this email: your account and password are unchanged."], { url, label: "Reset my password" }),
  };
};

/** "Forgot password" for an email with an account (with or without a password yet). */
export const resetPasswordMail = ({ to, token }: { to: string; token: string }): Email => {
  const url = resetPasswordUrl(token);
  const lines = [
    "Someone, hopefully you, asked to set a new password for the Coinop account of this email address.",
    "Choose a new password with the link below. It works for one hour, once.",
  ];
  return {
    to,
    subject: "Set a new password",
    text: `${lines.join("\n\n")}\n\n${url}\n\n${IGNORE_RESET}\n`,
    html: html([...lines, IGNORE_RESET], { url, label: "Choose a new password" }),
  };
};

/** "Forgot password" for an email with no account: said to the mailbox only, never on the page. */
export const noAccountMail = ({ to }: { to: string }): Email => {
  const lines = [
    "Someone, hopefully you, asked to reset the password of a Coinop account with this email address, but there is no account with it.",
    "To create one, go back to the page you came from and choose “Create an account”.",
  ];
  return { to, subject: "No account with this email", text: `${lines.join("\n\n")}\n\n${IGNORE_NO_ACCOUNT}\n`, html: html([...lines, IGNORE_NO_ACCOUNT]) };
};
