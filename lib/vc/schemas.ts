// Request and response schemas of the VC ledger endpoints (credits, debits, batch, balances, journals).
import { z } from "zod";
import { CurrencyId, NonEmpty, PageQuery, Pagination, PositiveUnits, Timestamp, Units, UserRef } from "../core/schemas.ts";
import { Recipients } from "./parse-recipients.ts";

export const CreditBody = z.object({
  currencyId: CurrencyId,
  userRef: UserRef,
  amountUnits: PositiveUnits.describe("Units to credit: a positive whole number as a string."),
  orderId: NonEmpty(128).describe("The game's reference for this credit (an order id); stored on the journal."),
});
export type CreditBody = z.output<typeof CreditBody>;

export const DebitBody = z.object({
  currencyId: CurrencyId,
  userRef: UserRef,
  amountUnits: PositiveUnits.describe("Units to debit: a positive whole number as a string."),
  reason: NonEmpty(256).describe("Why the units are taken; stored as the posting description."),
});
export type DebitBody = z.output<typeof DebitBody>;

export const BatchBody = z.object({
  currencyId: CurrencyId,
  sourceUserRef: UserRef.describe("The player who pays; debited the sum of the recipient amounts."),
  recipients: Recipients,
});
export type BatchBody = z.output<typeof BatchBody>;

export const BreakdownEntry = z
  .object({
    participant: z.enum(["pool", "user"]),
    direction: z.enum(["debit", "credit"]),
    userRef: z.string().optional().describe("Present when participant is 'user'."),
    amountUnits: Units,
    description: z.string(),
  })
  .meta({ id: "BalanceBreakdown" });
export type BreakdownEntry = z.infer<typeof BreakdownEntry>;

export const LedgerOperationResult = z
  .object({
    journalId: z.string(),
    newBalanceUnits: Units.describe("Balance of the acted-on player after the operation."),
    breakdown: z.array(BreakdownEntry),
  })
  .meta({ id: "LedgerOperationResult" });
export type LedgerOperationResult = z.infer<typeof LedgerOperationResult>;

export const BalanceQuery = z.object({ currencyId: CurrencyId, userRef: UserRef });
export const Balance = z.object({ currencyId: z.string(), userRef: z.string(), balanceUnits: Units, updatedAt: Timestamp }).meta({ id: "Balance" });
export type Balance = z.infer<typeof Balance>;

export const JournalQuery = PageQuery(50).extend({ currencyId: CurrencyId, userRef: UserRef.optional().describe("Only journals that touch this player.") });

const PostingAccount = z.union([z.object({ type: z.literal("pool"), address: z.string() }), z.object({ type: z.literal("user"), userRef: z.string() })]);
export const JournalEntry = z
  .object({
    _id: z.string(),
    type: z.string().describe("credit | debit | batch | cashout (and 'purchase' for VC purchases)."),
    postings: z.array(z.object({ account: PostingAccount, deltaUnits: Units.describe("Signed change."), description: z.string() })),
    createdAt: Timestamp,
  })
  .meta({ id: "Journal" });
export type JournalEntry = z.infer<typeof JournalEntry>;
export const JournalList = z.object({ items: z.array(JournalEntry), pagination: Pagination });
