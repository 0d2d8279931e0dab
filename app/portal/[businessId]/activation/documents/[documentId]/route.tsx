// GET /portal/{businessId}/activation/documents/{documentId}: one supporting document of the business's
// activation application, downloaded by its owners and admins (activation:write), checked on the server before
// anything is read. Anyone else (signed out, a stranger, a member of another business, a role without the
// permission) and a document of another business or an unknown id get the same 404. The bytes come from the
// database (never a public URL), as their sniffed type, sandboxed, not cached, as an attachment.
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { documentHeaders } from "@/lib/documents/load-verification-document";
import { loadPortalActivationDocument } from "@/lib/portal/load-portal-activation-document";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ businessId: string; documentId: string }> };

export const GET = async (_request: Request, { params }: Params) => {
  const { businessId, documentId } = await params;
  const doc = await loadPortalActivationDocument({ db: getDb(), player: await getSignedInPlayer() }, { businessId, documentId });
  if (!doc)
    return new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
  return new Response(new Uint8Array(doc.bytes), { headers: documentHeaders(doc, "attachment") });
};
