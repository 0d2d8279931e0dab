// GET /operator/documents/{documentId}: a supporting document (a business's activation, a player's compliance
// review), for operators with the second factor only: anyone else gets the same 404 as an unknown id. Served
// with the documents' sandboxing headers (its sniffed type, nosniff, a CSP that runs nothing, no caching);
// ?download=1 as an attachment.
import { documentHeaders, loadVerificationDocument } from "@/lib/documents/load-verification-document";
import { requireOperator } from "@/lib/operator/require-operator";
import { operatorRequest } from "../../_lib/request";

export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export const GET = async (req: Request, { params }: { params: Promise<{ documentId: string }> }): Promise<Response> => {
  const operator = await requireOperator(await operatorRequest()).catch(() => null);
  if (!operator) return notFound();
  const { documentId } = await params;
  const doc = await loadVerificationDocument(operator, { documentId });
  if (!doc) return notFound();
  const disposition = new URL(req.url).searchParams.get("download") === "1" ? "attachment" : "inline";
  return new Response(new Uint8Array(doc.bytes), { status: 200, headers: documentHeaders(doc, disposition) });
};
