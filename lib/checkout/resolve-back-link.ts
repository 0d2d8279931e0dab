// The way back to the game from a hosted checkout page, in this order: the checkout's own return URL (the
// `redirectUrl` of GET /v1/checkout/redirect, or a grant's `checkoutMetadata.returnUrl`), then the game's
// store page (PATCH /v1/game/settings storeUrl), else no address at all: the page offers "Close" and says
// the game has been told (its webhook carries the outcome). Only http(s) addresses are links; anything
// else (a `javascript:` URL in metadata) is ignored as if unset.

export type BackLink = { kind: "return"; href: string } | { kind: "store"; href: string } | { kind: "close" };

const webUrl = (value: unknown): string | null => {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  const url = URL.parse(value);
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url.href : null;
};

/** A grant's `checkoutMetadata.returnUrl`, when it is an http(s) address. */
export const metadataReturnUrl = (metadata: unknown): string | null =>
  metadata && typeof metadata === "object" && !Array.isArray(metadata) ? webUrl((metadata as Record<string, unknown>).returnUrl) : null;

export const resolveBackLink = ({
  redirectUrl,
  checkoutMetadata,
  storeUrl,
}: {
  redirectUrl: string | null | undefined;
  checkoutMetadata: unknown;
  storeUrl: string | null | undefined;
}): BackLink => {
  const back = webUrl(redirectUrl) ?? metadataReturnUrl(checkoutMetadata);
  if (back) return { kind: "return", href: back };
  const store = webUrl(storeUrl);
  return store ? { kind: "store", href: store } : { kind: "close" };
};
