// The invoice lifecycle (platform-api.md "Invoice"): draft → sent → processing (ACH) → paid; draft or sent →
// cancelled. Paid and cancelled are final: nothing changes them. Rows move only through guardedTransition.
import { type StateTable } from "../core/state-machine.ts";

export const INVOICE_STATUSES = ["draft", "sent", "processing", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type InvoiceAction = "send" | "updateDraft" | "updateSent" | "cancel" | "startAch" | "payCard" | "settleAch";

/**
 * - send: POST send (only a draft; the spec's stricter reading).
 * - updateDraft: PUT keeping a draft a draft; updateSent: PUT with status 'sent' (a draft is sent; a sent one stays sent).
 * - cancel: POST cancel.
 * - startAch: the receiver pays by ACH (the bank transfer is under way); settleAch: it settles.
 * - payCard: the receiver pays by card.
 */
export const INVOICE_STATES = {
  send: { from: ["draft"], to: "sent" },
  updateDraft: { from: ["draft"], to: "draft" },
  updateSent: { from: ["draft", "sent"], to: "sent" },
  cancel: { from: ["draft", "sent"], to: "cancelled" },
  startAch: { from: ["sent"], to: "processing" },
  payCard: { from: ["sent"], to: "paid" },
  settleAch: { from: ["processing"], to: "paid" },
} as const satisfies StateTable<InvoiceAction, InvoiceStatus>;
