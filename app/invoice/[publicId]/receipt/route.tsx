// GET /invoice/{publicInvoiceId}/receipt?sig=…: the invoice's receipt (once paid) as a PDF. The signed URL is the credential.
import { getDb } from "@/lib/db/client";
import { invoicePdfResponse } from "@/lib/invoices/invoice-pdf-response";

export const dynamic = "force-dynamic";

export const GET = async (req: Request, { params }: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await params;
  const res = await invoicePdfResponse(
    { db: getDb() },
    { publicId, sig: new URL(req.url).searchParams.get("sig"), acceptLanguage: req.headers.get("accept-language"), kind: "receipt" },
  );
  return new Response(res.body, { status: res.status, headers: res.headers });
};
