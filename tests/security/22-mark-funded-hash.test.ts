// mark-funded credits gift escrows on the platform's word: its transactionHash. Attacks: any string as the
// hash, and one real transaction reported again to fund other gifts (of the same or another distribution).
// Rule: the hash is 0x and 64 hexadecimal characters; one hash funds gifts in one call only, per environment
// (compared case-insensitively); a retry with the same Idempotency-Key still replays the first answer.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as MARK } from "@/app/api/v1/platform/gifts/mark-funded/route";
import { POST as CREATE } from "@/app/api/v1/platform/distributions/route";
import { getDb } from "@/lib/db/client";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { giftEscrow } from "@/lib/gifts/gift-accounts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const txHash = () => `0x${hex(32)}`;
const escrow = async (giftId: string) =>
  (
    await getAccountBalance(getDb(), {
      asset: USDC_ASSET,
      environment: "test",
      kind: giftEscrow(giftId, "test").kind,
      ownerRef: giftEscrow(giftId, "test").ownerRef,
    })
  ).balance;

/** A partner distribution of two gifts ($7.00 and $3.00) for `t` (a new tenant by default). */
const partnerDistribution = async (t?: Awaited<ReturnType<typeof makePlatformTenant>>) => {
  const tenant = t ?? (await makePlatformTenant());
  const res = await call(CREATE, {
    headers: { ...tenant.tb, ...idem() },
    body: {
      mode: "fixed",
      recipients: [
        { email: `g1-${hex(4)}@example.com`, amount: 7 },
        { email: `g2-${hex(4)}@example.com`, amount: 3 },
      ],
    },
  });
  expect(res.status).toBe(201);
  return { t: tenant, id: res.body._id as string, giftIds: res.body.lineItems.map((l: { lineItemId: string }) => l.lineItemId) as string[] };
};

const mark = (tb: Record<string, string>, distributionId: string, giftIds: string[], transactionHash: string, headers = idem()) =>
  call(MARK, {
    headers: { ...tb, ...headers },
    body: { distributionId, transactionHash, giftData: giftIds.map((giftId) => ({ giftId, claimCode: hex(32) })) },
  });

const giftStatuses = async (distributionId: string) =>
  (await getDb().distributionLineItem.findMany({ where: { distributionId }, orderBy: { position: "asc" } })).map((l) => l.status);

describe("mark-funded: the transactionHash", () => {
  it.each(["0xabc", "abc", `0x${"g".repeat(64)}`, `0x${"a".repeat(63)}`, `${"a".repeat(64)}`, `0x${"a".repeat(65)}`])(
    "%s is 400 VALIDATION_ERROR naming transactionHash; nothing is funded",
    async (bad) => {
      const { t, id, giftIds } = await partnerDistribution();
      const res = await mark(t.tb, id, giftIds, bad);
      expect([res.status, res.body.code]).toEqual([400, "VALIDATION_ERROR"]);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(["transactionHash"]);
      expect(await giftStatuses(id)).toEqual(["pending", "pending"]);
      expect(await escrow(giftIds[0]!)).toBe(0n);
    },
  );

  it("one hash cannot fund a second gift of the same distribution in another call (409 TRANSACTION_HASH_USED), nor gifts of another distribution or platform", async () => {
    const { t, id, giftIds } = await partnerDistribution();
    const hash = txHash();
    const first = await mark(t.tb, id, [giftIds[0]!], hash);
    expect([first.status, first.body.result?.totalFundedCents]).toEqual([200, 700]);

    const again = await mark(t.tb, id, [giftIds[1]!], hash.toUpperCase().replace("0X", "0x"));
    expect([again.status, again.body.code]).toEqual([409, "TRANSACTION_HASH_USED"]);
    expect(await giftStatuses(id)).toEqual(["funded", "pending"]);
    expect(await escrow(giftIds[1]!)).toBe(0n);

    const other = await partnerDistribution(t);
    const reuse = await mark(t.tb, other.id, other.giftIds, hash);
    expect([reuse.status, reuse.body.code]).toEqual([409, "TRANSACTION_HASH_USED"]);
    expect(await giftStatuses(other.id)).toEqual(["pending", "pending"]);

    const stranger = await partnerDistribution();
    const foreign = await mark(stranger.t.tb, stranger.id, stranger.giftIds, hash);
    expect([foreign.status, foreign.body.code]).toEqual([409, "TRANSACTION_HASH_USED"]);
    expect(await giftStatuses(stranger.id)).toEqual(["pending", "pending"]);
    expect((await platformEventsOf(stranger.t.platform.id)).filter((e) => e.event === "Platform.Gifts.Funded")).toEqual([]);
  });

  it("a retry with the same Idempotency-Key replays the first answer; a new hash funds the rest", async () => {
    const { t, id, giftIds } = await partnerDistribution();
    const hash = txHash();
    const key = idem();
    const body = { distributionId: id, transactionHash: hash, giftData: giftIds.map((giftId) => ({ giftId, claimCode: hex(32) })) };
    const first = await call(MARK, { headers: { ...t.tb, ...key }, body });
    expect(first.body.result).toEqual({ updatedCount: 2, emailsSent: 2, emailsFailed: 0, totalFundedCents: 1000 });
    const replay = await call(MARK, { headers: { ...t.tb, ...key }, body });
    expect([replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([200, first.text, "true"]);
    expect(await escrow(giftIds[0]!)).toBe(7_000_000n);
    expect(await giftStatuses(id)).toEqual(["funded", "funded"]);
  });

  it("the API document says the hash is the platform's claim, not verified, and its format", () => {
    const doc = buildOpenApiDocument(registeredRoutes(), "http://localhost:3000") as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const op = doc.paths["/v1/platform/gifts/mark-funded"]!.post!;
    expect(op.description).toMatch(/claim/i);
    expect(op.description).toMatch(/not verif/i);
    expect(JSON.stringify(doc)).toContain("0x and 64 hexadecimal characters");
  });
});
