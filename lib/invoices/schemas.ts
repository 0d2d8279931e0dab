// Request and response schemas of the platform invoice API (platform-api.md "Invoice", "Invoices").
// Money in the API is in dollars (numbers with at most 2 decimals), except a fee's `flat`, which the spec gives in cents.
import { z } from "zod";
import { TestClockField } from "../test-clocks/schemas.ts";
import { EmailSchema } from "../core/email.ts";
import { PageQuery, Pagination, Timestamp } from "../core/schemas.ts";
import { hasAtMostDecimals } from "./money.ts";
import { INVOICE_STATUSES } from "./invoice-states.ts";

export const MAX_INVOICE_ITEMS = 100;
export const MAX_INVOICE_FEES = 10;
export const MAX_DOLLARS = 99_999_999.99;
export const MAX_METADATA_BYTES = 4096;

const Dollars = (what: string) =>
  z
    .number("must be a number of dollars")
    .min(0, "must not be negative")
    .max(MAX_DOLLARS, `must be at most ${MAX_DOLLARS}`)
    .refine((n) => hasAtMostDecimals(n, 2), "must be whole cents (at most 2 decimals)")
    .describe(what);

/** An ISO 8601 date ("2026-11-24") or date-time; stored as an instant. */
const IsoDate = (what: string) =>
  z
    .string("must be an ISO 8601 date, like 2026-11-24")
    .max(40, "must be an ISO 8601 date, like 2026-11-24")
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, "must be an ISO 8601 date, like 2026-11-24")
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be a real calendar date")
    .refine((s) => Number(s.slice(0, 4)) >= 1900 && Number(s.slice(0, 4)) <= 9998, "must be a year from 1900 to 9998")
    .describe(what);

export const InvoiceItemInput = z.strictObject({
  description: z.string("must be a string").trim().min(1, "must not be empty").max(500, "must be at most 500 characters").describe("What is billed."),
  quantity: z
    .number("must be a number")
    .positive("must be above 0")
    .max(1_000_000, "must be at most 1000000")
    .refine((n) => hasAtMostDecimals(n, 4), "must have at most 4 decimals")
    .describe("How many (up to 4 decimals)."),
  rate: Dollars("Price of one unit, in dollars."),
  amount: Dollars("quantity × rate in dollars (optional): when given it must equal the computed amount to the cent.").optional(),
});

export const InvoiceFeeInput = z
  .strictObject({
    label: z.string("must be a string").trim().min(1, "must not be empty").max(100, "must be at most 100 characters").describe("Shown on the invoice."),
    percentage: z
      .number("must be a number")
      .min(0, "must not be negative")
      .max(100, "must be at most 100")
      .refine((n) => hasAtMostDecimals(n, 4), "must have at most 4 decimals")
      .optional()
      .describe("Percent of the invoice amount (2.5 = 2.5%)."),
    flat: z
      .number("must be a whole number of cents")
      .int("must be a whole number of cents")
      .min(0, "must not be negative")
      .max(10_000_000_00, "must be at most 1000000000")
      .optional()
      .describe("Flat amount in cents."),
    recipientWallet: z
      .string("must be a wallet address")
      .regex(/^0x[0-9a-fA-F]{40}$/, "must be a wallet address: 0x and 40 hexadecimal characters")
      .describe("Where the fee is paid (0x address)."),
  })
  .refine((f) => f.percentage !== undefined || f.flat !== undefined, { message: "must give percentage, flat or both", path: ["percentage"] });

const InvoiceFields = {
  invoiceNumber: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/#]*$/, "must be letters, digits and . _ - / # (starting with a letter or digit)")
    .optional()
    .describe("Custom invoice number, unique per business; generated (INV-000001) when omitted."),
  receiverName: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .optional()
    .describe("Optional with recipientBusinessId (defaults to that business's name); required with receiverEmail."),
  receiverEmail: EmailSchema.optional().describe("The receiver's email; exactly one of receiverEmail and recipientBusinessId."),
  recipientBusinessId: z
    .string("must be a string")
    .regex(/^[0-9a-f]{24}$/, "must be a business id: 24 lowercase hexadecimal characters")
    .optional()
    .describe("A business of the same environment as receiver; exactly one of receiverEmail and recipientBusinessId."),
  date: IsoDate("Invoice date (ISO 8601)."),
  dueDate: IsoDate("Due date (ISO 8601), on or after date."),
  payToTarget: z.literal("BUSINESS", "must be 'BUSINESS'").default("BUSINESS").describe("Who is paid: 'BUSINESS' (the target business)."),
  items: z
    .array(InvoiceItemInput, "must be an array of items")
    .min(1, "must have at least one item")
    .max(MAX_INVOICE_ITEMS, `must have at most ${MAX_INVOICE_ITEMS} items`),
  taxAmount: Dollars("Tax in dollars, added to the items' sum.").optional(),
  expectedTotal: Dollars(
    "The total (items + tax, in dollars) the platform computed; refused (INVOICE_TOTAL_MISMATCH) when it differs by more than 0.01.",
  ).optional(),
  note: z.string("must be a string").max(2000, "must be at most 2000 characters").optional().describe("Shown on the invoice."),
  metadata: z
    .record(z.string(), z.unknown(), "must be a JSON object")
    .refine((m) => JSON.stringify(m).length <= MAX_METADATA_BYTES, `must be at most ${MAX_METADATA_BYTES} bytes as JSON`)
    .optional()
    .describe("Your own data, echoed back."),
  emailSuppressed: z.boolean("must be true or false").optional().describe("With status 'sent': true sends no email to the receiver."),
};

type RecipientRules = { receiverEmail?: string; recipientBusinessId?: string; receiverName?: string; date: string; dueDate: string };
const checkRules = (b: RecipientRules, issue: (path: string, message: string) => void) => {
  if ((b.receiverEmail === undefined) === (b.recipientBusinessId === undefined))
    issue("receiverEmail", "give exactly one of receiverEmail and recipientBusinessId");
  if (b.receiverEmail !== undefined && b.receiverName === undefined) issue("receiverName", "is required with receiverEmail");
  if (Date.parse(b.dueDate) < Date.parse(b.date)) issue("dueDate", "must be on or after date");
};

const withRules = <T extends z.ZodType<RecipientRules>>(schema: T) =>
  schema.superRefine((b, ctx) => checkRules(b, (path, message) => ctx.addIssue({ code: "custom", path: [path], message })));

export const CreateInvoiceBody = withRules(
  z.strictObject({
    ...InvoiceFields,
    status: z.enum(["draft", "sent"], "must be 'draft' or 'sent'").default("draft").describe("'draft' (default) or 'sent' (sends it at once)."),
    testClock: TestClockField,
    fees: z
      .array(InvoiceFeeInput, "must be an array of fees")
      .max(MAX_INVOICE_FEES, `must have at most ${MAX_INVOICE_FEES} fees`)
      .default([])
      .describe("Fees the payer pays on top; fixed at creation."),
  }),
);
export type CreateInvoiceBody = z.output<typeof CreateInvoiceBody>;

export const UpdateInvoiceBody = withRules(
  z.strictObject({
    ...InvoiceFields,
    status: z
      .enum(["draft", "sent"], "must be 'draft' or 'sent'")
      .optional()
      .describe("Omitted: the status stays. 'sent' sends a draft; a sent invoice cannot go back to 'draft'."),
    fees: z.never({ error: "fee line items are fixed when the invoice is created; omit fees" }).optional().describe("Not accepted: fees stay as created."),
  }),
);
export type UpdateInvoiceBody = z.output<typeof UpdateInvoiceBody>;

export const SendInvoiceBody = z.strictObject({
  emailSuppressed: z.boolean("must be true or false").default(false).describe("true: no email to the receiver (you deliver links.invoice yourself)."),
});

export const InvoiceIdParams = z.object({ invoiceId: z.string().max(64, "must be at most 64 characters").describe("The invoice _id.") });

export const ListInvoicesQuery = PageQuery(50).extend({
  status: z
    .enum(INVOICE_STATUSES, `must be one of ${INVOICE_STATUSES.join(", ")}`)
    .optional()
    .describe("Only invoices in this status."),
});

const QueryDate = (what: string) => IsoDate(what).optional();
export const ExportInvoicesQuery = z
  .object({
    startDate: QueryDate("Only invoices dated on or after this (ISO 8601)."),
    endDate: QueryDate("Only invoices dated on or before this (ISO 8601; a plain date includes that whole day)."),
    ids: z
      .string()
      .max(100 * 25, "must be at most 100 ids")
      .transform((s) =>
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[0-9a-f]{24}$/, "each id must be 24 lowercase hexadecimal characters")).max(100, "must be at most 100 ids"))
      .optional()
      .describe("Comma-separated invoice _ids."),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: "must be on or after startDate",
    path: ["endDate"],
  });

// ---------------------------------------------------------------- responses

export const InvoiceResource = z
  .object({
    _id: z.string(),
    invoiceNumber: z.string(),
    receiverName: z.string(),
    receiverEmail: z.string().nullable(),
    recipientBusinessId: z.string().nullable(),
    businessId: z.string().describe("The business that is paid (the target business)."),
    date: Timestamp,
    dueDate: Timestamp,
    pastDueAt: Timestamp.nullable()
      .describe("When the sent invoice's dueDate passed unpaid (Platform.Invoice.PastDue); set on a test clock's advance.")
      .meta({ "x-coinop-addition": true }),
    testClock: z.string().nullable().describe("The test clock the invoice lives on, if any.").meta({ "x-coinop-addition": true }),
    payToTarget: z.literal("BUSINESS"),
    items: z.array(z.object({ description: z.string(), quantity: z.number(), rate: z.number(), amount: z.number() })).describe("Dollars."),
    fees: z
      .array(
        z.object({
          label: z.string(),
          percentage: z.number().nullable(),
          flat: z.number().int().describe("Cents."),
          recipientWallet: z.string(),
          amount: z.number().describe("Dollars."),
        }),
      )
      .describe("Fee line items, fixed at creation; amounts follow the invoice amount."),
    subtotal: z.number().describe("Dollars: the items' sum."),
    taxAmount: z.number().describe("Dollars."),
    total: z.number().describe("Dollars: items + tax (the invoice amount)."),
    status: z.enum(INVOICE_STATUSES),
    currency: z.literal("USD"),
    environment: z.enum(["test", "live"]),
    paymentSummary: z.object({
      invoiceAmount: z.number().describe("Dollars: the total."),
      payerFee: z.number().describe("Dollars: the fees the payer pays on top."),
      totalCharged: z.number().describe("Dollars: invoiceAmount + payerFee."),
    }),
    publicInvoiceId: z.string(),
    links: z.object({ invoice: z.string().describe("The hosted invoice page (a credential: share it only with the receiver).") }),
    emailSuppressed: z.boolean(),
    note: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    paymentMethod: z.enum(["card", "ach"]).nullable(),
    createdByPlatformId: z.string(),
    createdByKeyId: z.string(),
    sentAt: Timestamp.nullable(),
    paidAt: Timestamp.nullable(),
    cancelledAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "Invoice" });
export type InvoiceResource = z.infer<typeof InvoiceResource>;

export const InvoiceList = z.object({ invoices: z.array(InvoiceResource), pagination: Pagination });
export const InvoiceStatusResult = z.object({
  _id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  invoiceNumber: z.string(),
  emailSuppressed: z.boolean().optional(),
});

export const PayInvoiceBody = z.strictObject({
  method: z.enum(["card", "ach"], "must be 'card' or 'ach'").default("card").describe("'card' pays at once; 'ach' goes through 'processing' first."),
});
