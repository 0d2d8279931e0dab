// Supporting documents: sniffed, capped, counted, stored in the database and read back only for their subject.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/core/errors";
import { detectDocumentType, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_SUBJECT } from "./document-type";
import { cleanFilename, storeVerificationDocument } from "./store-verification-document";
import { listVerificationDocuments } from "./list-verification-documents";
import { documentHeaders, loadVerificationDocument } from "./load-verification-document";

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pdf = (body = "hello") => new Uint8Array([...ascii("%PDF-1.7\n"), ...ascii(body)]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return e instanceof AppError ? `${e.code}: ${e.message}` : String(e);
  }
};

describe("detectDocumentType", () => {
  it("knows PDF, PNG, JPEG and WebP by their bytes, and nothing else (GIF, HTML, SVG, a truncated PDF)", () => {
    expect(detectDocumentType(pdf())).toBe("application/pdf");
    expect(detectDocumentType(png)).toBe("image/png");
    expect(detectDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(detectDocumentType(new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBPVP8 ")]))).toBe("image/webp");
    for (const bad of ["GIF89a....", "<html><script>alert(1)</script>", "<svg/>", "%PDF", ""])
      expect(detectDocumentType(new Uint8Array(ascii(bad)))).toBeNull();
  });
});

describe("cleanFilename", () => {
  it("keeps the last path part, printable characters only, and never an empty or dot name", () => {
    expect(cleanFilename("../../etc/passwd")).toBe("passwd");
    expect(cleanFilename("C:\\Users\\me\\Articles of incorporation.pdf")).toBe("Articles of incorporation.pdf");
    expect(cleanFilename('a"b<c>.pdf')).toBe("a_b_c_.pdf");
    expect(cleanFilename("..")).toBe("document");
    expect(cleanFilename("")).toBe("document");
    expect(cleanFilename("x".repeat(300))).toHaveLength(120);
  });
});

describe("storeVerificationDocument", () => {
  const db = getDb();
  it("stores the bytes with their sniffed type and hash, lists them without bytes, and loads them for their subject only", async () => {
    const subject = { subjectType: "business" as const, subjectId: newId() };
    const stored = await storeVerificationDocument({ db }, { ...subject, filename: "registration.png.pdf", bytes: pdf("one"), uploadedBy: "p1" });
    expect(stored).toMatchObject({ filename: "registration.png.pdf", contentType: "application/pdf", byteSize: pdf("one").byteLength });
    const second = await storeVerificationDocument({ db }, { ...subject, filename: "id.pdf", bytes: png, uploadedBy: "p1" });
    expect(second.contentType).toBe("image/png");
    const listed = await listVerificationDocuments({ db }, subject);
    expect(listed.map((d) => d.id).sort()).toEqual([stored.id, second.id].sort());
    expect(listed[0]).not.toHaveProperty("bytes");

    const loaded = await loadVerificationDocument({ db }, { documentId: stored.id, subject });
    expect(Buffer.from(loaded!.bytes).toString()).toBe("%PDF-1.7\none");
    expect(await loadVerificationDocument({ db }, { documentId: stored.id, subject: { subjectType: "business", subjectId: newId() } })).toBeNull();
    expect(await loadVerificationDocument({ db }, { documentId: stored.id, subject: { subjectType: "compliance", subjectId: subject.subjectId } })).toBeNull();
    expect(await loadVerificationDocument({ db }, { documentId: "not-an-id" })).toBeNull();
    const row = await db.verificationDocument.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses an empty file, an HTML file named .pdf and a file over the cap, writing nothing", async () => {
    const subject = { subjectType: "compliance" as const, subjectId: newId() };
    expect(await codeOf(storeVerificationDocument({ db }, { ...subject, filename: "a.pdf", bytes: new Uint8Array(), uploadedBy: "p" }))).toMatch(
      /^DOCUMENT_INVALID: The document is empty/,
    );
    expect(await codeOf(storeVerificationDocument({ db }, { ...subject, filename: "a.pdf", bytes: new Uint8Array(ascii("<html>")), uploadedBy: "p" }))).toMatch(
      /^DOCUMENT_INVALID: The document must be a PDF, PNG, JPEG or WebP file/,
    );
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(pdf());
    expect(await codeOf(storeVerificationDocument({ db }, { ...subject, filename: "a.pdf", bytes: big, uploadedBy: "p" }))).toMatch(
      /^DOCUMENT_INVALID: The document is larger than 5 MB/,
    );
    expect(await listVerificationDocuments({ db }, subject)).toEqual([]);
  });

  it("holds at most ten documents per subject", async () => {
    const subject = { subjectType: "business" as const, subjectId: newId() };
    for (let i = 0; i < MAX_DOCUMENTS_PER_SUBJECT; i++)
      await storeVerificationDocument({ db }, { ...subject, filename: `d${i}.pdf`, bytes: pdf(String(i)), uploadedBy: "p" });
    expect(await codeOf(storeVerificationDocument({ db }, { ...subject, filename: "one-too-many.pdf", bytes: pdf(), uploadedBy: "p" }))).toMatch(
      /^DOCUMENT_LIMIT_REACHED/,
    );
    expect(await listVerificationDocuments({ db }, subject)).toHaveLength(MAX_DOCUMENTS_PER_SUBJECT);
  });
});

describe("documentHeaders", () => {
  it("serves a document as its sniffed type, never sniffed again, sandboxed and not cached, under a quoted clean name", () => {
    expect(documentHeaders({ filename: "Statuts société.pdf", contentType: "application/pdf", byteSize: 12 }, "attachment")).toEqual({
      "content-type": "application/pdf",
      "content-length": "12",
      "content-disposition": `attachment; filename="Statuts société.pdf"; filename*=UTF-8''Statuts%20soci%C3%A9t%C3%A9.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
    });
  });
});
