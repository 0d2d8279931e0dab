// The player's identity verification submission (/account/verification), against PostgreSQL: not_started or
// action_required → pending with the details, submittedAt and the document in one transaction; refused (409,
// nothing changed) once pending or approved; invalid details and a non-PDF/image file refused field by field with
// nothing written; only where a business links the player; the reviewer's status move shares its writer.
import { describe, expect, it } from "vitest";
import { AppError } from "../core/errors.ts";
import { getDb } from "../db/client.ts";
import { linkPlayer } from "../linking/link-player.ts";
import { makeBusiness } from "../../tests/support/platform.ts";
import { makePlayer } from "../../tests/support/players.ts";
import { isAdultOn } from "./compliance-details.ts";
import { loadCompliancePage } from "./load-compliance-page.ts";
import { submitPlayerCompliance } from "./submit-player-compliance.ts";
import { writeComplianceStatus } from "./write-compliance-status.ts";

const db = () => getDb();
const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
const pdf = { filename: "passport.pdf", bytes: ascii("%PDF-1.7\nmy passport") };

const DETAILS = {
  legalName: "Ada Lovelace",
  dateOfBirth: "1990-12-10",
  address: { line1: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "gb" },
};

/** A player linked to a test business (the business's game asked them to verify). */
const linked = async () => {
  const business = await makeBusiness("test");
  const player = await makePlayer();
  await linkPlayer({ db: db() }, { namespace: { type: "business", id: business.id }, environment: "test", playerId: player.id });
  return { business, player };
};

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, details: e.details ?? [] };
    throw e;
  }
  throw new Error("expected a refusal");
};

/** Everything a submission could write for `playerId`: the review row and its documents. */
const written = async (playerId: string) => {
  const rows = await db().playerCompliance.findMany({ where: { playerId } });
  const docs = await db().verificationDocument.findMany({ where: { subjectType: "compliance", subjectId: { in: rows.map((r) => r.id) } } });
  return { rows: rows.map(({ updatedAt: _u, ...r }) => r), docs: docs.map((d) => d.id) };
};

describe("submitPlayerCompliance", () => {
  it("not_started → pending: the details (country upper-cased), submittedAt, the document; no event, as the reviewer's move emits none", async () => {
    const { player } = await linked();
    const events = await db().webhookEvent.count();
    const out = await submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: pdf });
    expect(out.status).toBe("pending");
    expect(out.document).toMatchObject({ filename: "passport.pdf", contentType: "application/pdf", byteSize: pdf.bytes.byteLength });

    const row = await db().playerCompliance.findUniqueOrThrow({ where: { playerId_environment: { playerId: player.id, environment: "test" } } });
    expect(row.status).toBe("pending");
    expect(row.details).toEqual({ ...DETAILS, address: { ...DETAILS.address, country: "GB" } });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(Date.now() - row.submittedAt!.getTime()).toBeLessThan(60_000);
    const docs = await db().verificationDocument.findMany({ where: { subjectType: "compliance", subjectId: row.id } });
    expect(docs.map((d) => ({ filename: d.filename, contentType: d.contentType, uploadedBy: d.uploadedBy, bytes: Buffer.from(d.data).toString() }))).toEqual([
      { filename: "passport.pdf", contentType: "application/pdf", uploadedBy: player.id, bytes: "%PDF-1.7\nmy passport" },
    ]);
    expect(await db().webhookEvent.count()).toBe(events);

    // the page now says "in review" and lists the document's name, with no form
    const [entry] = await loadCompliancePage({ db: db() }, { playerId: player.id });
    expect(entry).toMatchObject({
      environment: "test",
      status: "pending",
      canSubmit: false,
      note: null,
      documents: [{ id: docs[0]!.id, filename: "passport.pdf" }],
    });
  });

  it("action_required → pending again, with the new details and a second document; the reviewer's note stays on the row", async () => {
    const { player } = await linked();
    await submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: pdf });
    await writeComplianceStatus({ db: db() }, { playerId: player.id, environment: "test", status: "action_required", data: { note: "The scan is blurred." } });
    const [asked] = await loadCompliancePage({ db: db() }, { playerId: player.id });
    expect(asked).toMatchObject({ status: "action_required", canSubmit: true, note: "The scan is blurred.", details: { legalName: "Ada Lovelace" } });

    const png = { filename: "passport-sharp.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) };
    await submitPlayerCompliance(
      { db: db() },
      { playerId: player.id, environment: "test", details: { ...DETAILS, legalName: "Augusta Ada King" }, document: png },
    );
    const [again] = await loadCompliancePage({ db: db() }, { playerId: player.id });
    expect(again).toMatchObject({ status: "pending", canSubmit: false, note: null, details: { legalName: "Augusta Ada King" } });
    expect(again!.documents.map((d) => d.filename)).toEqual(["passport.pdf", "passport-sharp.png"]);
  });

  it("refused once pending or approved: 409 COMPLIANCE_NOT_ALLOWED, nothing changed", async () => {
    for (const status of ["pending", "approved", "rejected"] as const) {
      const { player } = await linked();
      await writeComplianceStatus({ db: db() }, { playerId: player.id, environment: "test", status });
      const before = await written(player.id);
      expect(await refusal(submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: pdf }))).toEqual({
        code: "COMPLIANCE_NOT_ALLOWED",
        status: 409,
        details: [],
      });
      expect(await written(player.id)).toEqual(before);
      expect(before.rows[0]!.status).toBe(status);
    }
  });

  it("invalid details: each field named (a minor, an impossible date, a missing name, a bad country), nothing written", async () => {
    const { player } = await linked();
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    const bad = await refusal(
      submitPlayerCompliance(
        { db: db() },
        {
          playerId: player.id,
          environment: "test",
          details: { ...DETAILS, legalName: "  ", dateOfBirth: minor, address: { ...DETAILS.address, country: "Britain" } },
          document: pdf,
        },
      ),
    );
    expect(bad.code).toBe("VALIDATION_ERROR");
    expect(bad.details.map((d) => d.field)).toEqual(["legalName", "dateOfBirth", "address.country"]);
    expect(bad.details.find((d) => d.field === "dateOfBirth")!.message).toMatch(/at least 18 years ago/);
    expect(
      (
        await refusal(
          submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: { ...DETAILS, dateOfBirth: "1990-02-30" }, document: pdf }),
        )
      ).details,
    ).toEqual([{ field: "dateOfBirth", message: "must be a real date after 1900" }]);
    expect(
      (await refusal(submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: null }))).details,
    ).toEqual([{ field: "document", message: "is required" }]);
    // bad details and no document: both said at once
    expect(
      (
        await refusal(
          submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: { ...DETAILS, legalName: "" }, document: null }),
        )
      ).details.map((d) => d.field),
    ).toEqual(["legalName", "document"]);
    expect(await written(player.id)).toEqual({ rows: [], docs: [] });
  });

  it("a file that is not a PDF or an image (HTML named .pdf, a GIF, an empty file) is refused and nothing is written, the status included", async () => {
    const { player } = await linked();
    for (const bytes of [ascii("<html><script>alert(1)</script>"), ascii("GIF89a......"), new Uint8Array()]) {
      const r = await refusal(
        submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: { filename: "id.pdf", bytes } }),
      );
      expect(r).toMatchObject({ code: "DOCUMENT_INVALID", status: 400 });
      expect(r.details[0]!.field).toBe("document");
    }
    // the status move and the row made for it were rolled back with the refused document
    expect(await written(player.id)).toEqual({ rows: [], docs: [] });
  });

  it("only where a business links the player: another environment, or an unlinked player, is 404 with nothing written", async () => {
    const { player } = await linked();
    expect(await refusal(submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "live", details: DETAILS, document: pdf }))).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
    const loner = await makePlayer();
    expect(await refusal(submitPlayerCompliance({ db: db() }, { playerId: loner.id, environment: "test", details: DETAILS, document: pdf }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await written(player.id)).toEqual({ rows: [], docs: [] });
    expect(await written(loner.id)).toEqual({ rows: [], docs: [] });
  });

  it("two submissions at once: exactly one moves the review, the other gets 409 and its document is not kept", async () => {
    const { player } = await linked();
    const results = await Promise.allSettled([
      submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: pdf }),
      submitPlayerCompliance({ db: db() }, { playerId: player.id, environment: "test", details: DETAILS, document: { ...pdf, filename: "second.pdf" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "COMPLIANCE_NOT_ALLOWED" });
    expect((await written(player.id)).docs).toHaveLength(1);
  });
});

describe("isAdultOn", () => {
  it("is 18 on the birthday itself, not the day before", () => {
    expect(isAdultOn("2008-06-15", new Date("2026-06-15T00:00:00Z"))).toBe(true);
    expect(isAdultOn("2008-06-15", new Date("2026-06-14T23:59:59Z"))).toBe(false);
  });
});

describe("writeComplianceStatus", () => {
  it("without `from` sets any status (the reviewer's move); with it, only from those, making a not_started row first", async () => {
    const player = await makePlayer();
    expect(await writeComplianceStatus({ db: db() }, { playerId: player.id, environment: "test", status: "approved", from: ["pending"] })).toBeNull();
    expect((await db().playerCompliance.findFirstOrThrow({ where: { playerId: player.id } })).status).toBe("not_started");
    const row = await writeComplianceStatus({ db: db() }, { playerId: player.id, environment: "test", status: "rejected", data: { note: "No." } });
    expect(row).toMatchObject({ status: "rejected", note: "No." });
    expect(await db().playerCompliance.count({ where: { playerId: player.id } })).toBe(1);
  });
});
