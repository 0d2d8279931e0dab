// GET /uploads/<name>: uploaded images (product images). Names are random and never reused, so they cache forever.
// Its Content-Security-Policy (nothing runs, nothing loads) reaches the browser: the headers() rule for
// /uploads sends the same one (lib/http/security-headers.mjs) and proxy.ts does not run here.
import { UPLOADS_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers.mjs";
import { readUpload } from "@/lib/uploads/read-upload";

export const GET = async (_req: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> => {
  const { path } = await params;
  const file = path.length === 1 ? await readUpload(path[0]) : null;
  if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": UPLOADS_CONTENT_SECURITY_POLICY,
    },
  });
};
