// The documents of one review, oldest first, without their bytes.
import type { DbContext } from "../core/context.ts";
import type { DocumentType } from "./document-type.ts";
import type { DocumentSubject, StoredDocument } from "./store-verification-document.ts";

export const listVerificationDocuments = async (ctx: DbContext, subject: DocumentSubject): Promise<StoredDocument[]> => {
  const rows = await ctx.db.verificationDocument.findMany({
    where: { subjectType: subject.subjectType, subjectId: subject.subjectId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, filename: true, contentType: true, byteSize: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, contentType: r.contentType as DocumentType }));
};
