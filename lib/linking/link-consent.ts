// The player's consent on a link (docs/security.md, "who may move a player's money"). A link the player
// approved on the hosted link page records who (the approved session's signed-in player), when and for
// what. A link made from an email alone (checkout grant, guest checkout) carries no approval: it can
// receive and be identified, never spend nor read the wallet. Every key path that reads a wallet or
// debits a wallet or VC balance asks this file, and nothing else, whether it may.
import type { PlayerLink } from "../db/generated/client.ts";
import { AppError } from "../core/errors.ts";

/** What one approval on the hosted link page covers. */
export const LINK_CONSENT_SCOPES = ["balance:read", "wallet:spend", "vc:spend"] as const;
export type LinkConsentScope = (typeof LINK_CONSENT_SCOPES)[number];

/** The approval the player gave in link session `sessionId` at `at` (the columns written on the link). */
export type LinkApproval = { sessionId: string | null; at: Date };

export const approvalFields = ({ sessionId, at }: LinkApproval) => ({ approvedAt: at, approvedSessionId: sessionId, approvalScopes: [...LINK_CONSENT_SCOPES] });

/** The columns of a link without approval (unlinking clears it; a re-activated link starts without one). */
export const NO_APPROVAL = { approvedAt: null, approvedSessionId: null, approvalScopes: [] as string[] };

type Consent = Pick<PlayerLink, "userRef" | "approvedAt" | "approvalScopes">;

/** Whether the player approved this link, and the approval covers `scope`. */
export const hasLinkConsent = (link: Consent, scope: LinkConsentScope): boolean => link.approvedAt !== null && link.approvalScopes.includes(scope);

const WHAT: Record<LinkConsentScope, string> = {
  "balance:read": "to see their wallet balance and history",
  "wallet:spend": "to spend from their wallet",
  "vc:spend": "to spend their virtual currency",
};

/** The refusal of an action the link's approval does not cover (403 LINK_NOT_APPROVED). */
export const linkNotApproved = (userRef: string, scope: LinkConsentScope) =>
  new AppError(
    "LINK_NOT_APPROVED",
    `The player behind ${JSON.stringify(userRef)} has not approved this game ${WHAT[scope]} (${scope}): a link made from an email alone can receive, not spend. Send the player to the hosted link page (POST /v1/users/link/initiate) to approve, then try again.`,
  );

/** Returns the link when its approval covers `scope`; otherwise throws 403 LINK_NOT_APPROVED. */
export const requireLinkConsent = <L extends Consent>(link: L, scope: LinkConsentScope): L => {
  if (!hasLinkConsent(link, scope)) throw linkNotApproved(link.userRef, scope);
  return link;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LINK_CONSENT_ERRORS = ["LINK_NOT_APPROVED"] as const satisfies readonly ErrorCode[];
