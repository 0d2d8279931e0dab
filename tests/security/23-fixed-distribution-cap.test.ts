// A distribution's money is capped at MAX_TOTAL_CENTS. Percentage mode checked totalAmountCents; fixed mode
// summed the recipients' amounts unchecked (each up to MAX_DOLLARS), and neither mode bounded the fees on
// top. Attack: a fixed split whose amounts (or amounts plus fees) pass the cap. It must be 400 INVALID_SPLIT
// naming the field, with no distribution, line item or event created.
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/platform/distributions/route";
import { POST as CREATE_TEMPLATE } from "@/app/api/v1/platform/split-templates/route";
import { getDb } from "@/lib/db/client";
import { MAX_TOTAL_CENTS } from "@/lib/distributions/schemas";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";

const WALLET = "0x" + "cd".repeat(20);
const CAP_DOLLARS = MAX_TOTAL_CENTS / 100;
const email = (n: number) => `cap-${n}-${Math.random().toString(16).slice(2)}@example.com`;

const nothingCreated = async (t: Awaited<ReturnType<typeof makePlatformTenant>>) => {
  expect(await getDb().distribution.count({ where: { businessId: t.business.id } })).toBe(0);
  expect(await getDb().distributionLineItem.count({ where: { distribution: { businessId: t.business.id } } })).toBe(0);
  expect((await platformEventsOf(t.platform.id)).filter((e) => e.event === "Platform.Distribution.Created")).toEqual([]);
};

const create = (tb: Record<string, string>, body: unknown) => call(POST, { headers: { ...tb, ...idem() }, body });

describe("fixed-mode distributions cannot pass MAX_TOTAL_CENTS", () => {
  it("the sum of fixed amounts above the cap (each amount allowed alone) is 400 INVALID_SPLIT naming recipients", async () => {
    const t = await makePlatformTenant();
    const res = await create(t.tb, {
      mode: "fixed",
      recipients: [
        { email: email(1), name: "A", amount: CAP_DOLLARS },
        { email: email(2), name: "B", amount: 0.01 },
      ],
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_SPLIT"]);
    expect(res.body.details).toEqual([{ field: "recipients", message: expect.stringContaining(String(MAX_TOTAL_CENTS)) }]);
    await nothingCreated(t);
  });

  it("fixed amounts at the cap plus fees above it is 400 INVALID_SPLIT naming fees", async () => {
    const t = await makePlatformTenant();
    const res = await create(t.tb, {
      mode: "fixed",
      recipients: [{ email: email(1), name: "A", amount: CAP_DOLLARS - 1 }],
      fees: [{ label: "Platform", percentage: 1, recipientWallet: WALLET }],
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_SPLIT"]);
    expect(res.body.details).toEqual([{ field: "fees", message: expect.stringContaining(String(MAX_TOTAL_CENTS)) }]);
    await nothingCreated(t);
  });

  it("percentage mode at the cap plus fees above it is refused the same way", async () => {
    const t = await makePlatformTenant();
    const res = await create(t.tb, {
      mode: "percentage",
      totalAmountCents: MAX_TOTAL_CENTS,
      recipients: [{ email: email(1), name: "A", percentage: 100 }],
      fees: [{ label: "Platform", percentage: 50, recipientWallet: WALLET }],
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_SPLIT"]);
    expect(res.body.details).toEqual([{ field: "fees", message: expect.stringContaining(String(MAX_TOTAL_CENTS)) }]);
    await nothingCreated(t);
  });

  it("a fixed split template whose amounts pass the cap cannot be used to create a distribution", async () => {
    const t = await makePlatformTenant();
    const tpl = await call(CREATE_TEMPLATE, {
      headers: { ...t.tb, ...idem() },
      body: {
        name: "Too much",
        mode: "fixed",
        recipients: [
          { email: email(1), name: "A", amount: CAP_DOLLARS },
          { email: email(2), name: "B", amount: CAP_DOLLARS },
        ],
      },
    });
    if (tpl.status === 201) {
      const res = await create(t.tb, { templateId: tpl.body._id });
      expect([res.status, res.body.code]).toEqual([400, "INVALID_SPLIT"]);
    } else {
      expect([tpl.status, tpl.body.code]).toEqual([400, "INVALID_SPLIT"]);
    }
    await nothingCreated(t);
  });

  it("a fixed split under the cap, fees included, is still created with its totals", async () => {
    const t = await makePlatformTenant();
    const res = await create(t.tb, {
      mode: "fixed",
      recipients: [
        { email: email(1), name: "A", amount: 12.34 },
        { email: email(2), name: "B", amount: 5 },
      ],
      fees: [{ label: "Platform", percentage: 0, flat: 10, recipientWallet: WALLET }],
    });
    expect(res.status).toBe(201);
    expect(res.body.totalAmountCents).toBe(1734);
    expect(res.body.totalFeeCents).toBeGreaterThanOrEqual(10);
  });
});
