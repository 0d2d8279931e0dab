// What `npm run listen` (scripts/listen.ts) and its two calls share: where a listener's deliveries say they
// went, and what a delivery handed out but not yet answered says. docs/decisions/listen.md.

/** The `url` of a delivery handed to a listener: no URL the worker could ever post to (the worker never sees it anyway). */
export const listenerUrl = (session: string): string => `listen://${session}`;
export const LISTENER_URL_PREFIX = "listen://";

/** The error of a listener's attempt until the listener reports the local answer (a listener that died leaves it). */
export const LISTENER_PENDING_ERROR = "handed to npm run listen; no answer reported yet";

/** A listener's session id: chosen by the listener, the same for its whole run. */
export const LISTENER_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The longest a poll waits for an event, and how often it looks while waiting. */
export const LISTEN_MAX_WAIT_SECONDS = 25;
export const LISTEN_LOOK_EVERY_MS = 400;
/** How far back a listener may ask to start (a reconnecting listener passes the start it was given). */
export const LISTEN_MAX_LOOKBACK_MS = 24 * 3600 * 1000;
