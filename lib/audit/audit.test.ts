// The audit log's reading side: filters from search parameters, a page newest first with a stable cursor,
// business-level entries in both modes, and the CSV: RFC 4180 quoting and the formula-injection guard.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { makeBusiness } from "@/tests/support/platform";
import { auditCsvHeader, auditCsvRow, csvCell } from "./audit-csv";
import { parseAuditFilters } from "./audit-filters";
import { decodeCursor, listAuditEntries, type AuditRow } from "./list-audit-entries";
import { recordAudit } from "./record-audit";

const db = getDb();

describe("the CSV", () => {
  it("quotes commas, quotes and line breaks, and neutralizes cells a spreadsheet would run as formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("")).toBe("");
  });

  it("writes a header and one line per entry, details as JSON", () => {
    expect(auditCsvHeader()).toBe("time,environment,actor_type,actor,actor_id,action,object_type,object_id,request_id,details\r\n");
    const row: AuditRow = {
      id: "a1",
      createdAt: new Date("2026-11-26T10:00:00.000Z"),
      environment: "test",
      actorType: "key",
      actorId: "key_1",
      actorLabel: "=cmd|' /C calc'!A0",
      action: "api_key.labelled",
      objectType: "api_key",
      objectId: "key_1",
      requestId: "",
      details: { to: 'a, "b"' },
    };
    expect(auditCsvRow(row)).toBe(
      `2026-11-26T10:00:00.000Z,test,key,'=cmd|' /C calc'!A0,key_1,api_key.labelled,api_key,key_1,,"{""to"":""a, \\""b\\""""}"\r\n`,
    );
    expect(auditCsvRow({ ...row, details: null, actorLabel: "ok" })).toBe("2026-11-26T10:00:00.000Z,test,key,ok,key_1,api_key.labelled,api_key,key_1,,\r\n");
  });
});

describe("the filters", () => {
  it("keeps valid values, drops and names invalid ones, and makes `to` include its whole day", () => {
    const { filters, raw, invalid } = parseAuditFilters({
      actor: "member",
      action: " api_key ",
      objectType: "game",
      objectId: ["g1", "g2"],
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(filters).toEqual({
      actorType: "member",
      action: "api_key",
      objectType: "game",
      objectId: "g1",
      from: new Date("2026-11-01T00:00:00Z"),
      before: new Date("2026-12-01T00:00:00Z"),
    });
    expect(raw).toEqual({ actor: "member", action: "api_key", objectType: "game", objectId: "g1", from: "2026-11-01", to: "2026-11-30" });
    expect(invalid).toEqual([]);
    const bad = parseAuditFilters({ actor: "robot", action: "x".repeat(201), objectId: "a\u0000b", from: "2026-02-30", to: "yesterday" });
    expect(bad.filters).toEqual({});
    expect(bad.invalid).toEqual(["actor", "action", "objectId", "from", "to"]);
    expect(parseAuditFilters({}).filters).toEqual({});
  });
});

describe("listing entries", () => {
  const seedLog = async () => {
    const business = await makeBusiness("test");
    const other = await makeBusiness("test");
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1 + i, 12));
    const rows = [
      { environment: "test", actorType: "member", actorId: "ann@example.com", action: "game.created", objectType: "game", objectId: "g1" },
      { environment: "test", actorType: "key", actorId: "k1", action: "POST /v1/vc/credits", objectType: "vc_journal", objectId: "j1" },
      { environment: "live", actorType: "member", actorId: "ann@example.com", action: "api_key.created", objectType: "api_key", objectId: "k2" },
      { environment: "live", actorType: "member", actorId: "ann@example.com", action: "member.invited", objectType: "business_member", objectId: "m1" },
      { environment: "test", actorType: "platform", actorId: "p1", action: "API_KEY.rotated", objectType: "api_key", objectId: "k1" },
    ] as const;
    for (const [i, r] of rows.entries())
      await db.auditEntry.create({ data: { id: `ae_${business.id}_${i}`, businessId: business.id, actorLabel: r.actorId, createdAt: at(i), ...r } });
    await recordAudit(
      { db },
      { businessId: other.id, environment: "test", actor: { type: "system", label: "x" }, action: "game.created", objectType: "game", objectId: "g9" },
    );
    return { business, ids: rows.map((_, i) => `ae_${business.id}_${i}`) };
  };

  it("shows the environment's entries and business-level ones, newest first, never another business's", async () => {
    const { business, ids } = await seedLog();
    const q = (environment: "test" | "live", filters = {}) => listAuditEntries({ db }, { businessId: business.id, environment, filters });
    expect((await q("test")).entries.map((e) => e.id)).toEqual([ids[4], ids[3], ids[1], ids[0]]);
    expect((await q("live")).entries.map((e) => e.id)).toEqual([ids[3], ids[2]]);
    expect((await q("test", { actorType: "member" })).entries.map((e) => e.id)).toEqual([ids[3], ids[0]]);
    expect((await q("test", { action: "api_key" })).entries.map((e) => e.id)).toEqual([ids[4]]);
    expect((await q("test", { objectType: "api_key", objectId: "k1" })).entries.map((e) => e.id)).toEqual([ids[4]]);
    const days = parseAuditFilters({ from: "2026-11-02", to: "2026-11-04" }).filters;
    expect((await q("test", days)).entries.map((e) => e.id)).toEqual([ids[3], ids[1]]);
  });

  it("pages with a cursor that neither repeats nor skips rows, and ignores a cursor it did not make", async () => {
    const { business, ids } = await seedLog();
    const base = { businessId: business.id, environment: "test" as const, filters: {}, limit: 3 };
    const first = await listAuditEntries({ db }, base);
    expect(first.entries.map((e) => e.id)).toEqual([ids[4], ids[3], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listAuditEntries({ db }, { ...base, cursor: first.nextCursor! });
    expect(second).toEqual({ entries: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect(decodeCursor("nonsense")).toBeNull();
    expect(decodeCursor(Buffer.from("2026-01-01T00:00:00Z|a|b").toString("base64url"))).toBeNull();
    expect((await listAuditEntries({ db }, { ...base, cursor: "nonsense" })).entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
  });
});
