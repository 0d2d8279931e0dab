// The types a supporting document may have, recognised by its first bytes (the declared Content-Type and the
// file name are never trusted): PDF, PNG, JPEG or WebP.
import { detectImageType } from "../uploads/image-type.ts";

export const DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/webp"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The largest document accepted: 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** The most documents one review (a business's activation, a player's compliance review) holds. */
export const MAX_DOCUMENTS_PER_SUBJECT = 10;

/** The document type of `bytes` by its magic number; null for anything else (GIF is an image, not a document). */
export const detectDocumentType = (bytes: Uint8Array): DocumentType | null => {
  // "%PDF-"
  if (bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d) return "application/pdf";
  const image = detectImageType(bytes);
  if (image === "png") return "image/png";
  if (image === "jpg") return "image/jpeg";
  if (image === "webp") return "image/webp";
  return null;
};
