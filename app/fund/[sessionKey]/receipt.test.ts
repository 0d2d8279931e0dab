// The funded page's receipt by email (issue 30, payer item 6), against PostgreSQL: what the holder of a completed
// session's URL can have sent (that session's receipt, in the page's language, once per address), and what
// they cannot: another session's data, a receipt before the payment, a flood (replays, addresses per
// session, the per-address and per-network mail throttles), a malformed address (a clear message on the field).
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { setClockOffsetForTests } from "@/lib/core/clock";
import { emailFundSessionReceipt, FUND_RECEIPT_MAX_ADDRESSES } from "@/lib/fund-sessions/email-fund-session-receipt";
import { FUND_PAY_START } from "@/lib/fund-sessions/page-form-state";
import { FUND_RECEIPT_START } from "@/lib/fund-sessions/receipt-form-state";
import { campaignSession, distributionSession, makeFundDistribution, makeFundTenant } from "@/tests/support/fund-sessions";
import { inRequest } from "@/tests/support/serve-auth";
import { payFundSessionAction } from "./actions";
import { emailFundReceiptAction } from "./receipt-actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/40", cardCvc: "123" };
let ipSeq = 0;
/** Each test its own network, so the per-address throttle of one test does not spill into another. */
const freshIp = () => `203.0.113.${(++ipSeq % 250) + 1}`;

const receipt = async (sessionKey: string, email: string, { lang = "en", ip = freshIp() }: { lang?: string; ip?: string } = {}) =>
  inRequest({ "accept-language": lang, "x-forwarded-for": ip }, () => emailFundReceiptAction(sessionKey, FUND_RECEIPT_START, form({ email })));
const mails = (to: string) => getDb().mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A campaign session paid 125.50 on the page. */
const paidCampaign = async () => {
  const t = await makeFundTenant();
  const s = await campaignSession(t.mgmt, t.campaign.id);
  const out = await inRequest({}, () => payFundSessionAction(s.sessionKey, FUND_PAY_START, form({ amount: "125.50", ...CARD })));
  expect(out.error).toBeNull();
  const row = await getDb().fundSession.findUniqueOrThrow({ where: { sessionKey: s.sessionKey } });
  return { ...t, s, row };
};

afterEach(() => setClockOffsetForTests(0));

describe("the funded page's receipt", () => {
  it("sends this session's receipt, in English: amount, date, reference, business, campaign, platform; answers with the address", async () => {
    const { s, row, business, platform } = await paidCampaign();
    const to = unique("payer");
    const out = await receipt(s.sessionKey, `  ${to.toUpperCase()} `);
    expect(out).toEqual({ sent: `Receipt sent to ${to}. Check your inbox.`, error: null, field: null, attempt: 1 });
    const [mail, ...more] = await mails(to);
    expect(more).toEqual([]);
    expect(plain(mail!.subject)).toBe(`Your receipt: USD 125.50 to ${business.name}`);
    const text = plain(mail!.text);
    expect(text).toContain(`USD 125.50 added to the campaign The Spring Cup of ${business.name}.`);
    expect(text).toMatch(/Date: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(row.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(text).toContain(`Reference: ${row.transactionHash}`);
    expect(text).toContain(`${platform.name} has been told that the payment went through: you can go back to it.`);
    expect(mail!.html).toContain(row.transactionHash!);
    // nothing the page does not show: no session key, no ids
    for (const secret of [s.sessionKey, row.id, row.businessId, row.platformId]) expect(`${mail!.text}${mail!.html}`).not.toContain(secret);
    expect(await getDb().fundSessionReceipt.findMany({ where: { fundSessionId: row.id }, select: { email: true, locale: true } })).toEqual([
      { email: to, locale: "en" },
    ]);
  });

  it("in French for a French page; a distribution's receipt names the payout", async () => {
    const t = await makeFundTenant();
    const d = await makeFundDistribution(t.tb);
    const s = await distributionSession(t.tb, d._id);
    expect((await inRequest({}, () => payFundSessionAction(s.sessionKey, FUND_PAY_START, form(CARD)))).error).toBeNull();
    const to = unique("payeur");
    expect((await receipt(s.sessionKey, to, { lang: "fr-FR,fr;q=0.9" })).sent).toBe(`Reçu envoyé à ${to}. Consultez votre boîte de réception.`);
    const [mail] = await mails(to);
    expect(plain(mail!.subject)).toBe(`Votre reçu : 10,86 USD à ${t.business.name}`);
    expect(plain(mail!.text)).toContain(`10,86 USD payés pour financer un versement de ${t.business.name}.`);
    expect(plain(mail!.text)).toContain("Merci pour votre paiement.");
    expect(plain(mail!.text)).toMatch(/Référence : 0x[0-9a-f]{64}/);
    expect(plain(mail!.text)).toContain(`${t.platform.name} a été informé que le paiement a abouti`);
  });

  it("a replay sends nothing more and answers the same; another address gets its own receipt", async () => {
    const { s } = await paidCampaign();
    const to = unique("twice");
    const first = await receipt(s.sessionKey, to);
    const again = await receipt(s.sessionKey, to);
    expect(again).toEqual(first);
    expect(await mails(to)).toHaveLength(1);
    const other = unique("accountant");
    expect((await receipt(s.sessionKey, other)).sent).toContain(other);
    expect(await mails(other)).toHaveLength(1);
  });

  it(`at most ${FUND_RECEIPT_MAX_ADDRESSES} addresses a session: the next is refused, nothing sent`, async () => {
    const { s } = await paidCampaign();
    for (let i = 0; i < FUND_RECEIPT_MAX_ADDRESSES; i++) expect((await receipt(s.sessionKey, unique(`r${i}`))).error).toBeNull();
    const to = unique("sixth");
    expect(await receipt(s.sessionKey, to)).toEqual({ sent: null, error: "Too many receipts were asked for. Try again later.", field: null, attempt: 1 });
    expect(await mails(to)).toEqual([]);
  });

  it("the mail throttles: 5 an hour to one address (across sessions), 20 an hour from one network", async () => {
    const to = unique("target");
    const sessions = await Promise.all(Array.from({ length: 6 }, () => paidCampaign()));
    for (const { s } of sessions.slice(0, 5)) expect((await receipt(s.sessionKey, to)).error).toBeNull();
    expect((await receipt(sessions[5]!.s.sessionKey, to)).error).toBe("Too many receipts were asked for. Try again later.");
    expect(await mails(to)).toHaveLength(5);

    // one network: 20 receipts to 20 addresses over five sessions (each then at its 5 addresses) go out; the 21st,
    // on a session with no receipt yet, is refused by the network's throttle alone
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await receipt(sessions[i % 5]!.s.sessionKey, unique(`n${i}`), { ip })).error, `request ${i + 1}`).toBeNull();
    const late = unique("late");
    expect((await receipt(sessions[5]!.s.sessionKey, late, { ip })).error).toBe("Too many receipts were asked for. Try again later.");
    expect(await mails(late)).toEqual([]);
    // another network still can
    expect((await receipt(sessions[5]!.s.sessionKey, late)).error).toBeNull();
  });

  it("a bad address: a clear message on the field, in the page's language; nothing sent, nothing counted", async () => {
    const { s, row } = await paidCampaign();
    expect(await receipt(s.sessionKey, "not-an-email")).toEqual({
      sent: null,
      error: "Enter an email address like name@example.com.",
      field: "email",
      attempt: 1,
    });
    expect(await receipt(s.sessionKey, "   ")).toMatchObject({ error: "Enter your email address to get a receipt.", field: "email" });
    expect(await receipt(s.sessionKey, `${"a".repeat(250)}@example.com`)).toMatchObject({ field: "email" });
    expect(await receipt(s.sessionKey, "x".repeat(5000))).toMatchObject({ field: "email" });
    expect(await receipt(s.sessionKey, "nope@", { lang: "fr" })).toMatchObject({
      error: "Saisissez une adresse e-mail comme nom@exemple.com.",
      field: "email",
    });
    expect(await getDb().fundSessionReceipt.count({ where: { fundSessionId: row.id } })).toBe(0);
  });

  it("a stranger: an unknown key, a malformed one, or a session not paid yet gets nothing sent and learns nothing", async () => {
    const t = await makeFundTenant();
    const pending = await campaignSession(t.mgmt, t.campaign.id);
    const to = unique("stranger");
    for (const key of [pending.sessionKey, "fs_test_" + "x".repeat(43), "nope", pending.sessionKey.slice(0, -1) + "A"]) {
      const out = await receipt(key, to);
      expect(out).toEqual({ sent: null, error: "A receipt can only be sent for a completed payment.", field: null, attempt: 1 });
    }
    expect(await mails(to)).toEqual([]);
    // the service itself: 404, no detail about the session
    await expect(emailFundSessionReceipt({ db: getDb() }, { sessionKey: pending.sessionKey, email: to, ip: freshIp(), locale: "en" })).rejects.toMatchObject({
      code: "FUND_SESSION_NOT_FOUND",
      status: 404,
    });
  });

  it("another session's key sends that session's receipt only: never this one's amount or reference", async () => {
    const a = await paidCampaign();
    const b = await paidCampaign();
    const to = unique("mixed");
    await receipt(b.s.sessionKey, to);
    const [mail] = await mails(to);
    expect(mail!.text).toContain(b.row.transactionHash!);
    expect(mail!.text).not.toContain(a.row.transactionHash!);
    expect(mail!.text).not.toContain(a.business.name);
  });
});
