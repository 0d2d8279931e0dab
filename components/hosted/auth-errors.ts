// The sign-in and mail-request errors the hosted auth forms show, in the page's language. The server
// answers in English (next-auth passes an authorize error's message, lib/auth's AppError messages); the
// messages this service sends are recognised here and translated from the "auth" catalog, anything else is
// shown as sent. Pure: the forms (client components) call it with their translator.

type Translate = (key: string, values?: Record<string, string | number>) => string;

const EXACT: Record<string, string> = {
  CredentialsSignin: "errors.wrongCredentials",
  "Wrong email or password.": "errors.wrongCredentials",
  "Enter your email address.": "errors.emailRequired",
  "Enter a valid email address, like name@example.com.": "errors.emailInvalid",
  "That is not the password you chose when you signed up. Try again, or sign up again to choose a new one.": "errors.wrongVerifyPassword",
  "This link has expired or was already used. Ask for a new one from the page you came from.": "errors.emailLinkInvalid",
  "Something went wrong while signing you in. Please try again.": "errors.signInFailed",
  "We could not send the email just now. Please try again in a minute.": "errors.mailFailed",
  "This field is too long.": "errors.tooLong",
};

const PATTERNS: { re: RegExp; key: string; values: (m: RegExpExecArray) => Record<string, number> }[] = [
  { re: /^Password must be at least (\d+) characters\.$/, key: "errors.passwordTooShort", values: (m) => ({ min: Number(m[1]) }) },
  { re: /^Name must be at most (\d+) characters\.$/, key: "errors.nameTooLong", values: (m) => ({ max: Number(m[1]) }) },
  {
    re: /^Too many failed sign-ins for this email\. Try again in (\d+) minutes?\.$/,
    key: "errors.tooManySignInsEmail",
    values: (m) => ({ minutes: Number(m[1]) }),
  },
  {
    re: /^Too many failed sign-ins from your network\. Try again in (\d+) minutes?\.$/,
    key: "errors.tooManySignInsNetwork",
    values: (m) => ({ minutes: Number(m[1]) }),
  },
  {
    re: /^Too many emails were requested for this address\. Try again in (\d+) minutes?\.$/,
    key: "errors.tooManyMailsEmail",
    values: (m) => ({ minutes: Number(m[1]) }),
  },
  {
    re: /^Too many emails were requested from your network\. Try again in (\d+) minutes?\.$/,
    key: "errors.tooManyMailsNetwork",
    values: (m) => ({ minutes: Number(m[1]) }),
  },
  { re: /\bTry again in (\d+) minutes?\.$/, key: "errors.tryAgainIn", values: (m) => ({ minutes: Number(m[1]) }) },
];

/** The field an (English) server error is about, so that field is marked invalid and points at the message. */
export const authErrorField = (message: string): "email" | "password" | "name" | null =>
  /^Password/.test(message) ? "password" : /email address/.test(message) ? "email" : /^Name/.test(message) ? "name" : null;

/** An error from the server as the reader's language says it (`t` is the "auth" namespace's translator). */
export const translateAuthError = (message: string, t: Translate): string => {
  if (!message) return t("errors.signInFailed");
  const key = EXACT[message];
  if (key) return t(key);
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m) return t(p.key, p.values(m));
  }
  // next-auth's own codes (OAuthSignin, Configuration, …) say nothing useful to a player
  return /^[A-Z][a-zA-Z]+$/.test(message) ? t("errors.signInFailed") : message;
};
