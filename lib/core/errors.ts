// One error type for the whole service, and the one closed table of its error codes. A service names a
// code; the table decides its HTTP status. docs/errors.md is generated from this table
// (`npm run docs:errors`), and lib/core/errors.test.ts fails when either drifts from the source.
// Core: imports nothing from lib/.

type Entry = {
  readonly status: number;
  readonly doc: string;
  /** the code the client sees, when it differs from the key; never a code another entry answers with another status */
  readonly code?: string;
};

export const ERRORS = {
  // the HTTP kernel (lib/http) and the proxy
  UNAUTHORIZED: { status: 401, doc: "The API key is missing, malformed, unknown or revoked." },
  UNSUPPORTED_API_VERSION: { status: 400, doc: "X-Service-API-Version names a version other than v1." },
  INVALID_JSON: { status: 400, doc: "The request body is not valid JSON." },
  BODY_TOO_DEEP: { status: 400, doc: "The request body nests objects and arrays too deeply." },
  BODY_TOO_LARGE: { status: 413, doc: "The request body is larger than the call accepts." },
  REQUEST_ABORTED: { status: 400, doc: "The connection closed before the request body arrived." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, doc: "The call takes a multipart/form-data body with a boundary." },
  INVALID_MULTIPART: { status: 400, doc: "The multipart/form-data body could not be parsed." },
  INVALID_CHARACTERS: { status: 400, doc: "The request contains a character no field can hold: a NUL, or half of a UTF-16 surrogate pair." },
  VALIDATION_ERROR: { status: 400, doc: "A field of the body, query or path is invalid; details[] names each field." },
  NOT_FOUND: { status: 404, doc: "The resource does not exist for this key (or test helpers with a live key)." },
  ROUTE_NOT_FOUND: { status: 404, doc: "There is no endpoint with this method and path." },
  METHOD_NOT_ALLOWED: { status: 405, doc: "The path exists but does not take this HTTP method." },
  TARGET_BUSINESS_REQUIRED: { status: 400, doc: "A platform key must send X-Target-Business-Id." },
  BUSINESS_NOT_FOUND: { status: 404, doc: "The target business does not exist in this environment." },
  GRANT_REQUIRED: { status: 403, doc: "The target business has not granted this platform access." },
  INSUFFICIENT_SCOPE: { status: 403, doc: "The platform, the key or the business grant does not allow this call's scope." },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, doc: "The call needs an Idempotency-Key header." },
  IDEMPOTENCY_KEY_INVALID: { status: 400, doc: "The Idempotency-Key header is empty or too long." },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, doc: "A request with this Idempotency-Key is still being processed." },
  IDEMPOTENCY_KEY_REUSED: { status: 422, doc: "This Idempotency-Key was already used with a different request." },
  RATE_LIMITED: {
    status: 429,
    doc: "The API key sent more requests than its rate limit allows; nothing was done. Retry after Retry-After seconds (the RateLimit-* headers say how much is left).",
  },
  AMOUNT_OUT_OF_RANGE: { status: 422, doc: "An amount is more than a balance can hold." },
  INSUFFICIENT_FUNDS: { status: 422, doc: "A balance or wallet is too low for the operation." },
  INTERNAL_ERROR: { status: 500, doc: "An unexpected failure on the server; quote the request id to support." },
  PAYMENTS_NOT_CONFIGURED: { status: 503, doc: "Card payments are not configured on this server." },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    doc: "The card processor (Stripe) refused the operation (nothing changed here), or did not answer (the message names the refund left pending, its amount held). Retry with the same Idempotency-Key: a pending refund is finished, never made twice.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    doc: "The database cannot be reached for the moment (an outage or a restart); the answer carries Retry-After. Retry then with the same Idempotency-Key.",
  },

  // test clocks (docs/decisions/test-clocks.md)
  TEST_CLOCK_NOT_FOUND: { status: 404, doc: "The test clock does not exist for this key's owner (it was deleted, or it is another owner's)." },
  TEST_CLOCK_LIVE_MODE: { status: 400, doc: "A live object cannot live on a test clock: create it with a test key." },
  TEST_CLOCK_BACKWARDS: { status: 400, doc: "A test clock only moves forward: frozenTime must be at or after the clock's current time." },

  // players, sign-in and links
  WRONG_CREDENTIALS: { status: 401, doc: "The email or password is wrong." },
  EMAIL_LINK_INVALID: { status: 410, doc: "The emailed link has expired or was already used." },
  TOO_MANY_SIGN_IN_ATTEMPTS: { status: 429, doc: "Too many failed sign-ins for this email or network; wait and retry." },
  TOO_MANY_EMAIL_REQUESTS: { status: 429, doc: "Too many emails were requested for this address or network; wait and retry." },
  USER_REF_NOT_FOUND: { status: 404, doc: "The userRef does not exist for this game, campaign or business, or its link was removed." },
  INVALID_USER_REF: {
    status: 400,
    doc: "The userRef given to a checkout grant does not exist for this game, or a platform call's userRef does not begin with obu_.",
  },
  LINK_NOT_FOUND: { status: 404, doc: "The business-level userRef has no active link: it was removed." },
  PLAYER_REQUIRED: { status: 400, doc: "The payment needs the paying player's userRef." },
  LINK_NOT_APPROVED: { status: 403, doc: "The player has not approved this game to read or spend their balance." },
  LINK_SESSION_NOT_FOUND: { status: 404, doc: "The link session does not exist." },
  LINK_SESSION_NOT_PENDING: { status: 409, doc: "The link session is no longer pending." },
  LINK_SESSION_NOT_APPROVED: { status: 409, doc: "Only an approved link session can be unlinked." },
  INVITE_NOT_FOUND: { status: 404, doc: "The link invite does not exist." },
  INVITE_REVOKED: { status: 410, doc: "The link invite was revoked and can no longer link anyone." },
  INVITE_REVOKED_CONFLICT: { status: 409, doc: "The link invite was revoked: it cannot be changed; create a new invite instead." },
  INVITE_PAUSED: { status: 409, doc: "The link invite is paused by its owner." },
  INVITE_EXPIRED: { status: 410, doc: "The link invite has expired." },
  INVITE_USED_UP: { status: 409, doc: "The link invite has reached its maximum number of uses." },
  INVITE_STATE_CONFLICT: { status: 409, doc: "The link invite's state does not allow this change." },
  MAX_USES_BELOW_CURRENT_USES: { status: 409, doc: "maxUses would be below the invite's current number of uses." },

  // items, deals and currencies
  PRODUCT_NOT_FOUND: { status: 404, doc: "The item does not exist for this game." },
  PRODUCT_NOT_ACTIVE: { status: 409, doc: "Only an active (approved) item can be visible or for sale." },
  PRODUCT_STATE_CONFLICT: { status: 409, doc: "The item's status does not allow this action." },
  ITEM_NOT_FOR_SALE: { status: 410, doc: "The item is not for sale." },
  ITEM_NOT_VISIBLE: { status: 403, doc: "The item is not visible." },
  ITEM_NOT_VISIBLE_GONE: { status: 410, doc: "A checkout grant's item is no longer visible, so the grant cannot be paid." },
  ITEM_OF_ANOTHER_GAME: { status: 403, doc: "The item belongs to another game than the key's." },
  GAME_NOT_FOUND: { status: 404, doc: "The game does not exist for the target business in the key's environment." },
  GAME_MISMATCH: { status: 403, doc: "The gameId is not the game of this API key." },
  PRICE_NOT_AVAILABLE: { status: 400, doc: "The item has no price for the chosen payment method or currency." },
  INVALID_DEAL: { status: 400, doc: "The deal code does not exist, is inactive, expired or used up." },
  DEAL_CODE_TAKEN: { status: 409, doc: "The item already has a deal with this code." },
  CURRENCY_NOT_FOUND: { status: 404, doc: "The virtual currency does not exist for this game." },
  CURRENCY_CODE_TAKEN: { status: 409, doc: "The game already has a currency with this code." },
  FILE_REQUIRED: { status: 400, doc: "The upload has no file part." },
  IMAGE_TOO_LARGE: { status: 400, doc: "The image is larger than 5 MB." },
  INVALID_IMAGE: { status: 400, doc: "The file is not a PNG, JPEG, GIF or WebP image." },

  // purchases, checkout and subscriptions
  PURCHASE_NOT_FOUND: { status: 404, doc: "The purchase does not exist." },
  PURCHASE_NOT_PENDING: { status: 409, doc: "The purchase is no longer pending." },
  PURCHASE_NOT_REFUNDABLE: {
    status: 409,
    doc: "The purchase cannot be refunded: it is not completed, it is refunded in full already, or its payment is disputed.",
  },
  REFUND_EXCEEDS_PAYMENT: { status: 422, doc: "The refund is more than what is left of the payment (what was paid less what was refunded)." },
  INVOICE_NOT_REFUNDABLE: { status: 409, doc: "The invoice cannot be refunded: it is not paid, it is refunded in full already, or its payment is disputed." },
  REFUND_FORM_STALE: {
    status: 409,
    doc: "The portal's Refund form was sent again, or someone refunded the invoice since the form was shown: nothing was refunded; reload to see what is left.",
  },
  PURCHASE_LIMIT_REACHED: { status: 409, doc: "The player has bought the item the maximum number of times." },
  INVALID_AFFILIATE_CODE: { status: 400, doc: "The affiliateCode is not a linked userRef of this game, or names the buyer." },
  CARD_RENEWAL_UNAVAILABLE: { status: 422, doc: "Live card renewals need off-session charging, which is not configured." },
  CHECKOUT_NOT_FOUND: { status: 404, doc: "The checkout does not exist, or its URL signature is wrong." },
  CHECKOUT_EXPIRED: { status: 410, doc: "The checkout grant or link has expired." },
  CHECKOUT_COMPLETED: { status: 409, doc: "The checkout is already completed." },
  GRANT_NOT_PENDING: { status: 409, doc: "The checkout grant is no longer pending." },
  SIGN_IN_REQUIRED: { status: 403, doc: "A guest chose a balance payment method; guests pay by card." },
  GRANT_PAYER_MISMATCH: { status: 403, doc: "The checkout grant was made for another player's balance." },
  INVALID_EMAIL: { status: 400, doc: "The email address is not valid." },
  EMAIL_REQUIRED: { status: 400, doc: "A guest checkout needs an email address." },
  CARD_INVALID: { status: 400, doc: "The card number, expiry or CVC is missing or invalid." },
  METADATA_INVALID: { status: 400, doc: "checkoutMetadata is not a JSON object within the size and shape limits." },
  CUSTOM_MESSAGE_INVALID: { status: 400, doc: "customMessage is not plain text within the length limit." },
  THEME_CONTRAST_TOO_LOW: { status: 400, doc: "A checkout theme colour pair is below WCAG AA contrast (4.5:1); details[] names each pair and its ratio." },
  STRIPE_SIGNATURE_INVALID: { status: 400, doc: "The Stripe-Signature header does not match the payload." },
  SUBSCRIPTION_NOT_FOUND: { status: 404, doc: "The player has no subscription to this item." },
  SUBSCRIPTION_NOT_ACTIVE: { status: 409, doc: "The subscription is not active." },
  SUBSCRIPTION_ALREADY_ACTIVE: { status: 409, doc: "The player already has an active subscription to this item." },

  // cashouts, webhooks and campaigns
  CASHOUT_NOT_FOUND: { status: 404, doc: "The cashout request does not exist." },
  CASHOUT_NOT_PENDING: { status: 409, doc: "The cashout request is no longer pending review." },
  EVENT_NOT_FOUND: { status: 404, doc: "The webhook event does not exist." },
  WEBHOOK_ENDPOINT_NOT_SET: { status: 409, doc: "No webhook endpoint is configured." },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, doc: "The webhook endpoint does not exist (or was deleted)." },
  WEBHOOK_ENDPOINT_DISABLED: { status: 409, doc: "The webhook endpoint is disabled after a failure streak; enable it first." },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, doc: "The webhook delivery does not exist." },
  INVALID_WEBHOOK_URL: { status: 400, doc: "The webhook URL is malformed, not public, or (for campaigns) not https." },
  CAMPAIGN_NOT_FOUND: { status: 404, doc: "The campaign does not exist." },
  CAMPAIGN_NOT_STARTED: { status: 409, doc: "The campaign is not started." },
  CAMPAIGN_ALREADY_STARTED: { status: 409, doc: "The campaign is already started." },
  CAMPAIGN_NOT_STOPPED: { status: 409, doc: "The campaign must be stopped first." },
  CAMPAIGN_WITHDRAW_PENDING: { status: 409, doc: "A withdrawal of the campaign is still in progress." },
  NO_FUNDS_TO_WITHDRAW: { status: 422, doc: "The campaign has no funds left to withdraw." },
  INSUFFICIENT_CAMPAIGN_FUNDS: { status: 422, doc: "The campaign's balance cannot pay this event." },
  EVENT_CODE_NOT_FOUND: { status: 404, doc: "The campaign has no event definition with this code." },
  EVENT_HAS_NO_PAYOUT: { status: 422, doc: "The event pays nothing and no payoutAmount was sent." },
  TEST_FUNDS_ONLY: {
    status: 422,
    doc: "Test-only funding (the test USDC mint, the sandbox card, the complete helper) cannot fund a live campaign or fund session.",
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    status: 422,
    doc: "This way of paying is not offered for this object in its environment (live invoices: card through Stripe only, no ACH).",
  },

  // platform access: keys, scopes, grants, invites, platform link sessions
  API_KEY_NOT_FOUND: { status: 404, doc: "The API key does not exist for this platform in the key's environment." },
  API_KEY_REVOKED: { status: 409, doc: "The API key is revoked, or its rotation grace period has ended." },
  API_KEY_ALREADY_ROTATED: { status: 409, doc: "The API key was already rotated; rotate its replacement instead." },
  NOT_A_TEST_PLAYER: {
    status: 403,
    doc: "Test helpers act only as test players a helper of this business created, never as an account a person signed up for: use a fresh email, or leave it out.",
  },
  API_KEY_IN_GRACE_PERIOD: {
    status: 403,
    doc: "The key was rotated and is in its grace period: it still calls the API but cannot manage keys or scopes; use the key that replaced it.",
  },
  API_KEY_IN_USE: { status: 409, doc: "A key cannot delete itself; delete it with another key, or rotate it." },
  SCOPE_NOT_HELD: { status: 403, doc: "A key can only create keys with scopes it holds itself." },
  SCOPE_NOT_APPROVED: { status: 403, doc: "A key made in the portal can hold only scopes the platform is approved for in the key's environment." },
  PLATFORM_NOT_FOUND: { status: 404, doc: "The platform does not exist, or another business registered it." },
  GRANT_NOT_FOUND: { status: 404, doc: "The grant does not exist for this platform in the key's environment." },
  GRANT_NOT_ACTIVE: { status: 409, doc: "The grant is already revoked." },
  GRANT_ALREADY_ACTIVE: { status: 409, doc: "The business already granted this platform access; revoke that grant to change its scopes." },
  PLATFORM_INVITE_NOT_FOUND: { status: 404, doc: "The platform invite does not exist (for this platform, or for this business)." },
  PLATFORM_INVITE_NOT_PENDING: { status: 409, doc: "The platform invite was already accepted, declined, cancelled or cleared." },
  PLATFORM_INVITE_EXPIRED: { status: 410, doc: "The platform invite has expired; the platform can send a new one." },
  PLATFORM_INVITE_PENDING: { status: 409, doc: "This platform already has a pending invite for the business; cancel it first." },
  PLATFORM_LINK_SESSION_NOT_FOUND: { status: 404, doc: "The platform link session does not exist (for this platform)." },
  PLATFORM_LINK_SESSION_NOT_PENDING: { status: 409, doc: "The platform link session was already approved or declined." },
  PLATFORM_LINK_SESSION_EXPIRED: { status: 410, doc: "The platform link session has expired; the platform can create a new one." },
  ADMIN_SIGN_IN_REQUIRED: { status: 401, doc: "A hosted business page needs a signed-in admin of the business." },
  PORTAL_ROLE_REQUIRED: { status: 403, doc: "The signed-in member's role in the business does not allow this portal page or action." },
  MEMBER_NOT_FOUND: { status: 404, doc: "The portal member does not exist in this business." },
  MEMBER_ALREADY_EXISTS: { status: 409, doc: "This email is already a member of the business (invited or joined); change its roles instead." },
  LAST_OWNER: { status: 409, doc: "The business's last owner cannot be removed or lose the owner role; make another member an owner first." },
  OWN_MEMBERSHIP_LOCKED: { status: 403, doc: "A portal member cannot change their own roles or remove themselves; another owner or admin can." },

  // going live (issue 28)
  BUSINESS_NOT_ACTIVATED: {
    status: 403,
    doc: "The business has not been approved to go live: nothing live can be created or used until an operator approves its activation (apply in the portal, or at links.kyb). Test mode is unaffected.",
  },
  ACTIVATION_NOT_ALLOWED: {
    status: 409,
    doc: "The business's activation is not in a state that allows this (it was already submitted, approved or rejected).",
  },
  DOCUMENT_LIMIT_REACHED: { status: 409, doc: "The review already holds the most documents it accepts (10); remove one first." },
  COMPLIANCE_NOT_ALLOWED: { status: 409, doc: "The player's identity verification is not in a state that allows this (already in review or decided)." },
  DOCUMENT_INVALID: { status: 400, doc: "The uploaded document is not a PDF, PNG, JPEG or WebP file, is empty, or is larger than the size cap." },
  OPERATOR_CODE_INVALID: {
    status: 401,
    doc: "The operator console's second factor refused the code: wrong, expired, already used, or a recovery code used before.",
  },
  SCOPE_REQUEST_NOT_PENDING: { status: 409, doc: "The platform's scope request was already approved or rejected." },

  // businesses created by platforms
  BUSINESS_NAME_TAKEN: { status: 409, doc: "Another business in this environment already has this name (names compare case-insensitively)." },

  // platform distributions, split templates and gifts
  SPLIT_TEMPLATE_NOT_FOUND: { status: 404, doc: "The split template does not exist for the target business in the key's environment, or it was archived." },
  INVALID_SPLIT: {
    status: 400,
    doc: "The recipients do not make a valid split: percentages must sum to 100, amounts must be whole cents, and the amounts (plus fees, for a distribution) must not exceed 1,000,000,000,000 cents; details[] names each field.",
  },
  DISTRIBUTION_NOT_FOUND: { status: 404, doc: "The distribution does not exist for the target business in the key's environment." },
  DISTRIBUTION_NOT_CREATOR: { status: 403, doc: "Only the platform that created a distribution may cancel it." },
  NOT_CANCELLABLE: { status: 422, doc: "Only a draft or pending distribution can be cancelled (funded or processing ones cannot)." },
  DISTRIBUTION_NOT_PENDING: { status: 409, doc: "The distribution is no longer pending (funded, processing or cancelled): it takes no more funding." },
  GIFT_SIGN_IN_REQUIRED: { status: 401, doc: "Claiming a gift on its page needs a signed-in player (with a verified email)." },
  GIFT_NOT_FOUND: { status: 404, doc: "No gift has this claim code (or it belongs to another business)." },
  GIFT_ALREADY_CLAIMED: { status: 409, doc: "The gift was already claimed: each claim code works once." },
  GIFT_NOT_CLAIMABLE: { status: 409, doc: "The gift is not funded yet, or its distribution was cancelled." },
  GIFT_EMAIL_MISMATCH: { status: 403, doc: "The gift was sent to another email address: sign in with the address the claim email went to." },
  CLAIM_CODE_TAKEN: { status: 409, doc: "Another gift already uses this claim code; claim codes must be unique." },
  TRANSACTION_HASH_USED: {
    status: 409,
    doc: "This transactionHash already funded gifts in another mark-funded call: one transaction funds one call's gifts, per environment.",
  },
  PAYOUT_PATH_MISMATCH: {
    status: 409,
    doc: "The distribution endpoint does not match its payoutPath (fund sessions need 'fund_session'; mark-funded needs 'partner').",
  },

  // fund sessions (campaigns and distributions)
  FUND_SESSION_NOT_FOUND: { status: 404, doc: "No fund session has this key (for this campaign, distribution or platform, in the key's environment)." },
  FUND_SESSION_NOT_PENDING: { status: 409, doc: "The fund session is no longer pending (completed, expired or cancelled)." },

  // platform invoices
  INVOICE_NOT_FOUND: { status: 404, doc: "The invoice does not exist for the target business in the key's environment (or its page URL is wrong)." },
  INVOICE_STATE_CONFLICT: { status: 409, doc: "The invoice's status does not allow this action (paid and cancelled invoices cannot change)." },
  INVOICE_TOTAL_MISMATCH: { status: 400, doc: "expectedTotal differs from the computed invoice total by more than 0.01 dollars." },
  INVOICE_NUMBER_TAKEN: { status: 409, doc: "The business already has an invoice with this invoiceNumber in this environment." },
  CARD_DECLINED: { status: 402, doc: "The card was declined; nothing was charged." },
} as const satisfies Record<string, Entry>;

/** A key of the table: what services throw. */
export type ErrorCode = keyof typeof ERRORS;

/** The codes of one status, e.g. CodeWithStatus<409> for `conflict`. */
export type CodeWithStatus<S extends number> = { [K in ErrorCode]: (typeof ERRORS)[K]["status"] extends S ? K : never }[ErrorCode];

/** The code the client sees for a key (the key itself, unless the entry names another). */
export const wireCode = (key: ErrorCode): string => (ERRORS[key] as Entry).code ?? key;

export type ErrorDetail = { field: string; message: string };

export class AppError extends Error {
  /** the table key */
  readonly key: ErrorCode;
  /** the code in the error body */
  readonly code: string;
  /** from the table, never chosen by the thrower */
  readonly status: number;
  readonly details?: ErrorDetail[];
  constructor(key: ErrorCode, message: string, opts: { details?: ErrorDetail[] } = {}) {
    super(message);
    this.key = key;
    this.code = wireCode(key);
    this.status = ERRORS[key].status;
    this.details = opts.details;
  }
}

// Helpers for the errors every domain raises; each takes only codes of its status.
export const notFound = (what: string, code: CodeWithStatus<404> = "NOT_FOUND") => new AppError(code, `${what} was not found.`);
export const badRequest = (code: CodeWithStatus<400>, message: string, details?: ErrorDetail[]) => new AppError(code, message, { details });
export const forbidden = (code: CodeWithStatus<403>, message: string, details?: ErrorDetail[]) => new AppError(code, message, { details });
export const conflict = (code: CodeWithStatus<409>, message: string) => new AppError(code, message);
export const gone = (code: CodeWithStatus<410>, message: string) => new AppError(code, message);
export const unprocessable = (code: CodeWithStatus<422>, message: string) => new AppError(code, message);

export type ErrorBody = { error: string; code: string; docUrl: string; details?: ErrorDetail[]; requestId?: string; success?: false };

/** The page that explains every code (app/docs/errors/page.tsx); each entry's anchor is its code. */
export const ERROR_DOCS_PATH = "/docs/errors";

/** The absolute URL of a code's entry on the error page, e.g. https://pay.example.com/docs/errors#NOT_FOUND. */
export const errorDocUrl = (baseUrl: string, code: string): string => `${baseUrl.replace(/\/+$/, "")}${ERROR_DOCS_PATH}#${encodeURIComponent(code)}`;

/**
 * The one error body: `{ success?: false, error, code, docUrl, details?, requestId }`. Every JSON error answer is
 * built here: the /v1 kernel and its 404 and 405 (with the request id; `withSuccess` for the campaign endpoints'
 * envelope), and the plain JSON routes outside /v1 (the Stripe webhook, the portal's polling), which carry
 * no request id (null). `baseUrl` is the app's public origin (appBaseUrl() of lib/config, which lib/core may not
 * read): `docUrl` is the absolute URL of the code's entry on /docs/errors.
 */
export const errorBody = (err: AppError, requestId: string | null, withSuccess: boolean, baseUrl: string): ErrorBody => ({
  ...(withSuccess ? { success: false as const } : {}),
  error: err.message,
  code: err.code,
  docUrl: errorDocUrl(baseUrl, err.code),
  ...(err.details?.length ? { details: err.details } : {}),
  ...(requestId === null ? {} : { requestId }),
});

/**
 * What a program should do about an error, decided by its status (the page /docs/errors and docs/errors.md
 * show it beside each code's meaning): whether to fix the request, the key or the state first, or to retry.
 */
const ADVICE: Record<number, string> = {
  400: "Fix the request as the error message (and details[], per field) says; sending it again unchanged fails again.",
  401: "Check the credentials: send a valid, unrevoked key (or sign in again), with the headers the key needs.",
  402: "Nothing was charged: ask the payer for another card, then retry.",
  403: "The caller may not do this: change the key, scope, grant or account used, or the state the message names; retrying does not help.",
  404: "Check the id or path, and that it belongs to this key's game, campaign or business in this environment.",
  405: "Use one of the methods the Allow header lists.",
  409: "Read the resource again: its current state does not allow this; act on that state (or wait for the other request to finish).",
  410: "The link, grant or object has expired or was used up: create a new one.",
  413: "Send a smaller body.",
  415: "Send the body with the Content-Type the operation documents.",
  422: "The request is well formed but cannot be done now (funds, limits, environment): change it or fund the balance first.",
  429: "Wait Retry-After seconds, then retry; nothing was done.",
  500: "Retry later with the same Idempotency-Key; if it persists, quote the requestId to support.",
  502: "The card processor failed; nothing changed: retry later with the same Idempotency-Key.",
  503: "Retry after Retry-After seconds with the same Idempotency-Key.",
};

/** What to do about an error of the table (by its status; never empty). */
export const errorAdvice = (key: ErrorCode): string => ADVICE[ERRORS[key].status] ?? "Read the error message; quote the requestId to support.";

/** Every code of the table, sorted by status then code: the order of docs/errors.md and the page /docs/errors. */
export const sortedErrorKeys = (): ErrorCode[] =>
  (Object.keys(ERRORS) as ErrorCode[]).sort((a, b) => ERRORS[a].status - ERRORS[b].status || wireCode(a).localeCompare(wireCode(b)) || a.localeCompare(b));
