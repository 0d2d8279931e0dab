// Hot-row sharding. Every credit, debit and cashout touches its currency's pool, so with one pool row
// they would all queue on that row's lock until commit. An issuer (an allowNegative account: a VC pool,
// the test USDC mint) is therefore spread over ISSUER_SLOTS rows that share its name and address; a
// journal writes one slot chosen at random, and the issuer's balance is the sum of its slots. An issuer
// needs no funds check, so no journal ever has to read the whole issuer balance. Every other account has
// one row, slot 0, so a player's balance check still sees the one row that holds it.
import type { AccountSpec, SlottedAccount } from "./types.ts";

export const ISSUER_SLOTS = 16;

/** The row of `account` that a journal writes: a random slot for an issuer, slot 0 otherwise. */
export const withSlot = (account: AccountSpec): SlottedAccount => ({ ...account, slot: account.allowNegative ? Math.floor(Math.random() * ISSUER_SLOTS) : 0 });
