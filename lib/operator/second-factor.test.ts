// The console's second factor against PostgreSQL: enrolment (a sealed pending secret, confirmed by a first
// code, ten recovery codes returned once and stored hashed), codes within ±1 step, never a step twice (also
// when two requests race with one code), recovery codes good once, and the throttle on wrong codes.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { enrolOperator, makeOperatorAccount } from "@/tests/support/operator";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment";
import { hashRecoveryCode } from "./recovery-codes";
import { openTotpSecret, sealTotpSecret } from "./sealed-secret";
import { startTotpEnrolment } from "./start-totp-enrolment";
import { totpCodeAt, totpStepOf } from "./totp";
import { verifySecondFactor } from "./verify-second-factor";

const db = () => getDb();
const row = (id: string) => db().operator.findUniqueOrThrow({ where: { id } });
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "passed";
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
};

describe("the TOTP secret at rest", () => {
  it("is sealed for one operator: another operator's id or an edited seal opens to nothing", () => {
    const sealed = sealTotpSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "op-1");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("JBSWY3DP");
    expect(openTotpSecret(sealed, "op-1")).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(openTotpSecret(sealed, "op-2")).toBeNull();
    expect(openTotpSecret(`${sealed.slice(0, -2)}AA`, "op-1")).toBeNull();
    expect(openTotpSecret("JBSWY3DPEHPK3PXP", "op-1")).toBeNull();
  });
});

describe("enrolment", () => {
  it("shows one pending secret (the same on a reload), confirms it with a first code and returns ten recovery codes once", async () => {
    const op = await makeOperatorAccount();
    const first = await startTotpEnrolment({ db: db() }, { operator: await row(op.operatorId) });
    const again = await startTotpEnrolment({ db: db() }, { operator: await row(op.operatorId) });
    expect(first!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(again!.secret).toBe(first!.secret);
    expect(first!.uri).toBe(
      `otpauth://totp/Coinop%20operator%20console:${encodeURIComponent(op.email)}?secret=${first!.secret}&issuer=Coinop%20operator%20console`,
    );
    expect(first!.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const pending = await row(op.operatorId);
    expect(pending.pendingTotpSecret).not.toContain(first!.secret);
    expect(pending.totpSecret).toBeNull();

    const now = new Date();
    expect(await codeOf(confirmTotpEnrolment({ db: db() }, { operator: pending, code: "000000", now }))).toBe("OPERATOR_CODE_INVALID");
    const { recoveryCodes } = await confirmTotpEnrolment({ db: db() }, { operator: pending, code: totpCodeAt(first!.secret, now), now });
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const enrolled = await row(op.operatorId);
    expect(enrolled).toMatchObject({ pendingTotpSecret: null, lastTotpStep: totpStepOf(now) });
    expect(enrolled.totpEnrolledAt).toEqual(now);
    expect(openTotpSecret(enrolled.totpSecret, op.operatorId)).toBe(first!.secret);
    expect(enrolled.recoveryCodeHashes).toEqual(recoveryCodes.map(hashRecoveryCode));
    expect(enrolled.recoveryCodeHashes.join()).not.toContain(recoveryCodes[0]!.replace("-", ""));
    // enrolled: no new secret, no second enrolment
    expect(await startTotpEnrolment({ db: db() }, { operator: enrolled })).toBeNull();
    expect(await codeOf(confirmTotpEnrolment({ db: db() }, { operator: enrolled, code: totpCodeAt(first!.secret, now), now }))).toBe("OPERATOR_CODE_INVALID");
    const actions = await db().operatorAction.findMany({ where: { objectId: op.operatorId }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => [a.operatorEmail, a.action])).toEqual([
      ["cli", "operator.added"],
      [op.email, "operator.totp.enrolled"],
    ]);
  });
});

describe("a sign-in code", () => {
  it("passes within one step either side, and never for a step at or before the last one used", async () => {
    const op = await makeOperatorAccount();
    const t0 = new Date(Date.now() - 10 * 60_000);
    const { secret } = await enrolOperator(op.operatorId, t0);
    const operator = await row(op.operatorId);
    // the enrolment's code was step(t0): it is used
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, t0), now: t0 }))).toBe("OPERATOR_CODE_INVALID");
    const t1 = new Date(t0.getTime() + 5 * 60_000);
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, new Date(t1.getTime() - 2 * 30_000)), now: t1 }))).toBe(
      "OPERATOR_CODE_INVALID",
    );
    // the previous step (a slow typist) passes
    expect(await verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, new Date(t1.getTime() - 30_000)), now: t1 })).toEqual({
      method: "totp",
      recoveryCodesLeft: 10,
    });
    expect((await row(op.operatorId)).lastTotpStep).toBe(totpStepOf(t1) - 1);
    // replayed: refused; the current step then passes once
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, new Date(t1.getTime() - 30_000)), now: t1 }))).toBe(
      "OPERATOR_CODE_INVALID",
    );
    expect((await verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, t1), now: t1 })).method).toBe("totp");
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, t1), now: t1 }))).toBe("OPERATOR_CODE_INVALID");
    // the next step (a clock ahead) passes
    expect((await verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, new Date(t1.getTime() + 30_000)), now: t1 })).method).toBe("totp");
    // nonsense is refused
    for (const code of ["", "12345", "abcdef", "1234567"])
      expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code, now: t1 }))).toBe("OPERATOR_CODE_INVALID");
  });

  it("passes once when two requests race with the same code", async () => {
    const op = await makeOperatorAccount();
    const { secret } = await enrolOperator(op.operatorId, new Date(Date.now() - 5 * 60_000));
    const operator = await row(op.operatorId);
    const now = new Date();
    const code = totpCodeAt(secret, now);
    const results = await Promise.all(Array.from({ length: 4 }, () => codeOf(verifySecondFactor({ db: db() }, { operator, code, now }))));
    expect(results.sort()).toEqual(["OPERATOR_CODE_INVALID", "OPERATOR_CODE_INVALID", "OPERATOR_CODE_INVALID", "passed"]);
    expect(await db().operatorAction.count({ where: { objectId: op.operatorId, action: "operator.signed_in" } })).toBe(1);
  });

  it("accepts each recovery code once (any case, with or without the dash), and counts what is left", async () => {
    const op = await makeOperatorAccount();
    const { recoveryCodes } = await enrolOperator(op.operatorId);
    const operator = await row(op.operatorId);
    const now = new Date();
    expect(await verifySecondFactor({ db: db() }, { operator, code: recoveryCodes[3]!.toLowerCase().replace("-", ""), now })).toEqual({
      method: "recovery_code",
      recoveryCodesLeft: 9,
    });
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: recoveryCodes[3]!, now }))).toBe("OPERATOR_CODE_INVALID");
    // two racing uses of one code: one passes
    const raced = await Promise.all([0, 1, 2].map(() => codeOf(verifySecondFactor({ db: db() }, { operator, code: recoveryCodes[5]!, now }))));
    expect(raced.sort()).toEqual(["OPERATOR_CODE_INVALID", "OPERATOR_CODE_INVALID", "passed"]);
    const left = await row(op.operatorId);
    expect(left.recoveryCodeHashes).toHaveLength(8);
    expect(left.recoveryCodeHashes).not.toContain(hashRecoveryCode(recoveryCodes[3]!));
    const used = await db().operatorAction.findMany({ where: { objectId: op.operatorId, action: "operator.signed_in_with_recovery_code" } });
    expect(used.map((u) => u.details)).toEqual(expect.arrayContaining([{ recoveryCodesLeft: 9 }, { recoveryCodesLeft: 8 }]));
  });

  it("is throttled: four wrong codes are free, the fifth locks the operator a minute, even for the right code; a right code later clears the count", async () => {
    const op = await makeOperatorAccount();
    const { secret } = await enrolOperator(op.operatorId, new Date(Date.now() - 60 * 60_000));
    const operator = await row(op.operatorId);
    const t = new Date();
    for (let i = 0; i < 5; i++) expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: "000000", now: t }))).toBe("OPERATOR_CODE_INVALID");
    await expect(verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, t), now: new Date(t.getTime() + 1000) })).rejects.toMatchObject({
      code: "TOO_MANY_SIGN_IN_ATTEMPTS",
      message: "Too many wrong codes. Try again in 1 minute.",
    });
    const later = new Date(t.getTime() + 61_000);
    expect((await verifySecondFactor({ db: db() }, { operator, code: totpCodeAt(secret, later), now: later })).method).toBe("totp");
    // the count starts over: four more wrong codes are free again
    for (let i = 0; i < 4; i++) expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: "000000", now: later }))).toBe("OPERATOR_CODE_INVALID");
    expect(await codeOf(verifySecondFactor({ db: db() }, { operator, code: "000000", now: later }))).toBe("OPERATOR_CODE_INVALID");
  });
});
