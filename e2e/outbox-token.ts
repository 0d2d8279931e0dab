// The mail outbox's token for the end-to-end server: under `npm start` /dev/mail asks for one
// (lib/email/mail-outbox.ts); playwright.config.ts gives it to the server, the specs put it in the URL.
export const E2E_OUTBOX_TOKEN = "e2e-only-mail-outbox-token-0123456789";

/** /dev/mail (or one of its pages) with the token, and optional filters. */
export const outboxPath = (path = "/dev/mail", params: Record<string, string> = {}) => `${path}?${new URLSearchParams({ ...params, token: E2E_OUTBOX_TOKEN })}`;
