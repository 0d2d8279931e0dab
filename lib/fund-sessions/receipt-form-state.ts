// The state the fund page's receipt form gets back from its server action (app/fund/[sessionKey]/receipt-actions.ts):
// what was sent (the message naming the address), or the message to show (under the field when `field` says so).

export type FundReceiptState = { sent: string | null; error: string | null; field: "email" | null; attempt: number };
export const FUND_RECEIPT_START: FundReceiptState = { sent: null, error: null, field: null, attempt: 0 };
