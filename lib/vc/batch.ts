import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { badRequest } from "../core/errors.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { vcPool, vcUser } from "../ledger/accounts.ts";
import { vcScope } from "./vc-scope.ts";
import type { Recipient } from "./parse-recipients.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { resolveUserRefs } from "./resolve-user-refs.ts";
import type { BatchBody, LedgerOperationResult } from "./schemas.ts";
import type { PostingInput } from "../ledger/types.ts";
import { vcOperationResult } from "./vc-operation-result.ts";

/** A recipient that is the source itself would be a no-op pair of postings: rejected as a bad field. */
const checkNoSelfTransfer = (source: string, recipients: Recipient[]) => {
  const i = recipients.findIndex((r) => r.userRef === source);
  if (i >= 0)
    throw badRequest("VALIDATION_ERROR", `Invalid body: recipients.${i}.userRef must differ from sourceUserRef.`, [
      { field: `recipients.${i}.userRef`, message: "must differ from sourceUserRef" },
    ]);
};

/**
 * Debits the source player the sum of the recipient amounts and credits each recipient (a player or the
 * pool) in one journal: all or nothing. Every userRef must be linked to the game (404 naming the first
 * that is not); the source must have approved the game to spend its VC (403 LINK_NOT_APPROVED; the
 * recipients only receive, so they need no approval) and must hold the sum (422).
 */
export const batch = (ctx: GameContext, body: BatchBody): Promise<LedgerOperationResult> =>
  inTransaction(ctx.db, async (tx) => {
    checkNoSelfTransfer(body.sourceUserRef, body.recipients);
    const currency = await findCurrency({ ...ctx, db: tx }, { currencyId: body.currencyId });
    const { gameId } = ctx.scope;
    const refs = [body.sourceUserRef, ...body.recipients.flatMap((r) => (r.userRef === undefined ? [] : [r.userRef]))];
    const links = await resolveUserRefs({ ...ctx, db: tx }, { gameId, environment: ctx.scope.environment, userRefs: refs });
    requireLinkConsent(links.get(body.sourceUserRef)!, "vc:spend");
    const source = vcUser(body.sourceUserRef, ctx.scope.environment);
    const pool = vcPool(currency.id, ctx.scope.environment);
    const total = body.recipients.reduce((sum, r) => sum + r.amountUnits, 0n);
    const postings: PostingInput[] = [
      { account: source, delta: -total, description: `Batch to ${body.recipients.length} recipient${body.recipients.length === 1 ? "" : "s"}` },
      ...body.recipients.map((r) => ({
        account: r.userRef === undefined ? pool : vcUser(r.userRef, ctx.scope.environment),
        delta: r.amountUnits,
        description: r.description,
      })),
    ];
    const posted = await postJournal(tx, { ...vcScope({ gameId, environment: ctx.scope.environment, currencyId: currency.id }), type: "batch", postings });
    return vcOperationResult(posted, source);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REFS_ERRORS } from "./resolve-user-refs.ts";
export const BATCH_ERRORS = [
  "VALIDATION_ERROR",
  ...FIND_CURRENCY_ERRORS,
  ...POST_JOURNAL_ERRORS,
  ...LINK_CONSENT_ERRORS,
  ...RESOLVE_USER_REFS_ERRORS,
] as const satisfies readonly ErrorCode[];
