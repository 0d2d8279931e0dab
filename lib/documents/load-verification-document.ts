// One document with its bytes, for a page that has already checked who asks (a business's admin for its own
// business's documents, an operator for any). Null for an unknown id or one of another subject, alike.
import type { DbContext } from "../core/context.ts";
import type { DocumentType } from "./document-type.ts";
import type { DocumentSubject } from "./store-verification-document.ts";

export type DocumentFile = { id: string; filename: string; contentType: DocumentType; byteSize: number; bytes: Uint8Array };

export const loadVerificationDocument = async (ctx: DbContext, input: { documentId: string; subject?: DocumentSubject }): Promise<DocumentFile | null> => {
  if (!/^[0-9a-f]{24}$/.test(input.documentId)) return null;
  const row = await ctx.db.verificationDocument.findUnique({ where: { id: input.documentId } });
  if (!row) return null;
  if (input.subject && (row.subjectType !== input.subject.subjectType || row.subjectId !== input.subject.subjectId)) return null;
  return { id: row.id, filename: row.filename, contentType: row.contentType as DocumentType, byteSize: row.byteSize, bytes: new Uint8Array(row.data) };
};

/**
 * The headers a document is served with: never rendered in the page's origin as HTML (nosniff, its sniffed type,
 * a sandboxing CSP), not cached by shared caches, and downloaded under its cleaned name.
 */
export const documentHeaders = (
  doc: Pick<DocumentFile, "filename" | "contentType" | "byteSize">,
  disposition: "inline" | "attachment" = "inline",
): Record<string, string> => ({
  "content-type": doc.contentType,
  "content-length": String(doc.byteSize),
  "content-disposition": `${disposition}; filename="${doc.filename.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`,
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cache-control": "private, no-store",
  "referrer-policy": "no-referrer",
});
