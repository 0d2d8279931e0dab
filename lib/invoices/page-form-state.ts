// The state the invoice page's pay forms get back from their server actions (app/invoice/actions.ts).

/** `field`: where the alert about the attempt sits (a decline: "cardNumber"). */
export type InvoicePayState = { error: string | null; field?: string | null; fieldErrors: { field: string; message: string }[]; attempt: number };
export const INVOICE_PAY_START: InvoicePayState = { error: null, fieldErrors: [], attempt: 0 };
/** Which invoice a form pays: its public id and the page URL's signature (re-verified by the action). */
export type InvoicePayTarget = { publicId: string; sig: string | null; locale?: string | null };
