// readJournalEntries (the portal's ledger explorer reads its page through it): each journal's stored entry, parsed,
// equal to what serializeJournal makes of its postings; the sum of its own postings from the database; a journal
// written without its stored entry serialized from its postings; unknown ids left out; another journal's entry never
// attached to the wrong id.
import { describe, expect, it } from "vitest";
import { POST as DEBIT } from "../../app/api/v1/vc/debits/route.ts";
import { call } from "../../tests/support/http.ts";
import { fund, idem, makeVcGame } from "../../tests/support/vc.ts";
import { getDb } from "../db/client.ts";
import { vcAsset, vcPool, vcUser } from "../ledger/accounts.ts";
import { postJournals } from "../ledger/post-journal.ts";
import type { PostedJournal } from "../ledger/types.ts";
import { readJournalEntries } from "./read-journal-entries.ts";
import { serializeJournal } from "./serialize-journal.ts";

const db = getDb();
const fromPostings = async (id: string) =>
  serializeJournal(await db.ledgerJournal.findUniqueOrThrow({ where: { id }, include: { postings: { include: { account: true } } } }));

describe("readJournalEntries", () => {
  it("answers each journal's stored entry as serializeJournal writes it, with the sum of its own postings", async () => {
    const { headers, currencyId, users, game } = await makeVcGame({ players: 2 });
    await fund(headers, currencyId, users[0], 250);
    const debit = await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "40", reason: 'a "quoted" reason' } });
    expect(debit.status).toBe(201);
    // a VC journal written without its companion: no VcJournalEntry row
    const [bare] = await postJournals(db, [
      {
        asset: vcAsset(currencyId),
        environment: "test",
        tenantId: game.id,
        type: "credit",
        postings: [
          { account: vcPool(currencyId, "test"), delta: -7n, description: "bare" },
          { account: vcUser(users[1], "test"), delta: 7n, description: "bare" },
        ],
      },
    ]);
    const bareId = (bare as PostedJournal).journalId;
    expect(await db.vcJournalEntry.count({ where: { journalId: bareId } })).toBe(0);

    const ids = (await db.ledgerJournal.findMany({ where: { asset: vcAsset(currencyId) }, orderBy: { createdAt: "asc" }, select: { id: true } })).map(
      (j) => j.id,
    );
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe(bareId);
    const read = await readJournalEntries({ db }, [...ids, "no-such-journal"]);
    expect(read.map((j) => j.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const j = read.find((r) => r.id === id)!;
      expect(j).toEqual({
        id,
        tenantId: game.id,
        asset: vcAsset(currencyId),
        reference: (await db.ledgerJournal.findUniqueOrThrow({ where: { id } })).reference,
        entry: await fromPostings(id),
        sumUnits: "0",
      });
    }
    expect(read.find((r) => r.id === ids[1])!.entry.postings.map((p) => [p.deltaUnits, p.description])).toEqual([
      ["-40", 'a "quoted" reason'],
      ["40", 'a "quoted" reason'],
    ]);
    expect(await readJournalEntries({ db }, [])).toEqual([]);
  });
});
