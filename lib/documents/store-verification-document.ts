// Stores one supporting document of a review (a business's activation, a player's compliance review): the
// bytes are sniffed (PDF, PNG, JPEG or WebP), size-capped and kept in the database, never under a public URL.
// The caller has already checked that the uploader may add documents to this subject.
import { createHash } from "node:crypto";
import type { DbContext } from "../core/context.ts";
import { badRequest, conflict, type ErrorCode } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { detectDocumentType, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_SUBJECT, type DocumentType } from "./document-type.ts";

export type DocumentSubject = { subjectType: "business" | "compliance"; subjectId: string };

export type StoredDocument = { id: string; filename: string; contentType: DocumentType; byteSize: number; createdAt: Date };

/** A file name safe to show and to send in Content-Disposition: its last path part, printable, at most 120 characters. */
export const cleanFilename = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? "";
  const printable = base
    .replace(/[^\p{L}\p{N} ._()+-]/gu, "_")
    .trim()
    .slice(0, 120);
  return printable && printable !== "." && printable !== ".." ? printable : "document";
};

const refuse = (message: string) => badRequest("DOCUMENT_INVALID", message, [{ field: "document", message }]);

export const storeVerificationDocument = async (
  ctx: DbContext,
  input: DocumentSubject & { filename: string; bytes: Uint8Array; uploadedBy: string },
): Promise<StoredDocument> => {
  if (input.bytes.byteLength === 0) throw refuse("The document is empty.");
  if (input.bytes.byteLength > MAX_DOCUMENT_BYTES) throw refuse(`The document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`);
  const contentType = detectDocumentType(input.bytes);
  if (!contentType) throw refuse("The document must be a PDF, PNG, JPEG or WebP file.");
  const count = await ctx.db.verificationDocument.count({ where: { subjectType: input.subjectType, subjectId: input.subjectId } });
  if (count >= MAX_DOCUMENTS_PER_SUBJECT) throw conflict("DOCUMENT_LIMIT_REACHED", `At most ${MAX_DOCUMENTS_PER_SUBJECT} documents can be attached.`);
  const row = await ctx.db.verificationDocument.create({
    data: {
      id: newId(),
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      filename: cleanFilename(input.filename),
      contentType,
      byteSize: input.bytes.byteLength,
      sha256: createHash("sha256").update(input.bytes).digest("hex"),
      data: new Uint8Array(input.bytes),
      uploadedBy: input.uploadedBy,
    },
    select: { id: true, filename: true, contentType: true, byteSize: true, createdAt: true },
  });
  return { ...row, contentType };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const STORE_VERIFICATION_DOCUMENT_ERRORS = ["DOCUMENT_INVALID", "DOCUMENT_LIMIT_REACHED"] as const satisfies readonly ErrorCode[];
