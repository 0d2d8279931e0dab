// npm run operator, run as a real process against this file's database: add, list and remove, with their
// messages, exit codes and OperatorAction rows by "cli"; removing deletes the second factor too.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getDb } from "../lib/db/client.ts";
import { enrolOperator } from "../tests/support/operator.ts";

const exec = promisify(execFile);

const operator = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", "scripts/operator.ts", ...args], { env: process.env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
};

describe("npm run operator", () => {
  it("adds an operator (lower-cased), refuses to add it twice, lists it, and removes it with its second factor", async () => {
    const email = `Ops-${Math.random().toString(36).slice(2, 8)}@Example.com`;
    const normalized = email.toLowerCase();
    const db = getDb();

    const added = await operator("add", email);
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toBe(
      `${normalized} is now an operator. They sign in with their verified account, then open /operator/sign-in and enrol an authenticator app.\n`,
    );
    const row = await db.operator.findUniqueOrThrow({ where: { email: normalized } });
    expect(row).toMatchObject({ totpSecret: null, totpEnrolledAt: null, recoveryCodeHashes: [] });

    expect(await operator("add", email)).toMatchObject({ code: 1, stdout: "", stderr: `${email} is already an operator; nothing changed.\n` });
    expect(await db.operator.count({ where: { email: normalized } })).toBe(1);

    await enrolOperator(row.id);
    const listed = await operator("list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${normalized.replace(/\./g, "\\.")}\tsecond factor enrolled \\d{4}-\\d\\d-\\d\\dT[^,]+, 10 recovery code\\(s\\) left$`, "m"),
    );

    const removed = await operator("remove", normalized);
    expect(removed).toMatchObject({ code: 0, stderr: "" });
    expect(removed.stdout).toBe(`${normalized} is no longer an operator; their second factor was deleted and their console closes at their next request.\n`);
    expect(await db.operator.findUnique({ where: { email: normalized } })).toBeNull();
    expect(await operator("remove", normalized)).toMatchObject({ code: 1, stderr: `${normalized} is not an operator; nothing changed.\n` });

    const actions = await db.operatorAction.findMany({ where: { objectId: row.id, operatorEmail: "cli" }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => ({ action: a.action, details: a.details }))).toEqual([
      { action: "operator.added", details: { email: normalized } },
      { action: "operator.removed", details: { email: normalized, hadSecondFactor: true } },
    ]);
  });

  it("answers a usage error with exit code 2 and writes nothing", async () => {
    const before = await getDb().operatorAction.count();
    for (const args of [[], ["add"], ["remove"], ["list", "x@example.com"], ["add", "a@example.com", "b@example.com"], ["promote", "a@example.com"]])
      expect(await operator(...args), args.join(" ")).toMatchObject({
        code: 2,
        stdout: "",
        stderr: "usage: npm run operator -- add EMAIL | remove EMAIL | list\n",
      });
    expect(await operator("add", "not-an-email")).toMatchObject({ code: 2, stderr: '"not-an-email" is not an email address.\n' });
    expect(await getDb().operatorAction.count()).toBe(before);
  });
});
