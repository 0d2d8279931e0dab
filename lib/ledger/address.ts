import { createHash } from "node:crypto";

/** The network custody addresses live on: this service's own ledger (a campaign's `chain` defaults to it too). */
export const CUSTODY_NETWORK = "coinop-ledger";

/**
 * The internal custody ledger's chain address for an owner: `0x` + 40 hex, deterministic per owner,
 * so the same wallet always shows the same address. A real chain adapter would replace this module.
 */
export const custodyAddress = (kind: string, ownerRef: string, environment: string): string =>
  "0x" + createHash("sha256").update(`coinop:${environment}:${kind}:${ownerRef}`).digest("hex").slice(0, 40);

/** A transaction hash for a journal: `0x` + 64 hex. */
export const transactionHash = (journalId: string): string => "0x" + createHash("sha256").update(`coinop:tx:${journalId}`).digest("hex");
