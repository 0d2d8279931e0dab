import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { issueEmailToken, tokenHashOf } from "./issue-email-token";
import { pruneAuthRecords } from "./prune-auth-records";
import { throttleKey, SIGN_IN_PER_IP } from "./sign-in-throttle";
import { verifyPlayerPassword } from "./verify-player-password";

describe("pruneAuthRecords", () => {
  it("deletes idle throttle rows and day-old tokens, keeps live locks and fresh tokens", async () => {
    const now = new Date();
    const idleIp = uniqueIp();
    const lockedIp = uniqueIp();
    await expect(verifyPlayerPassword({ db: getDb() }, { email: uniquePlayerEmail(), password: "x", ip: idleIp })).rejects.toMatchObject({
      code: "WRONG_CREDENTIALS",
    });
    for (let i = 0; i < 20; i++)
      await expect(verifyPlayerPassword({ db: getDb() }, { email: uniquePlayerEmail(), password: "x", ip: lockedIp })).rejects.toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    const email = uniquePlayerEmail();
    const old = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email, now: new Date(now.getTime() - 26 * 3600_000) });
    const fresh = await issueEmailToken({ db: getDb() }, { purpose: "reset_password", email, now });

    // 61 minutes later: the idle row is stale; the locked one is kept while its lock lasts
    const later = new Date(now.getTime() + 61 * 60_000);
    // (both idle since now; the lock is stretched past `later`, as a lock taken at the last minute would be)
    await getDb().signInThrottle.updateMany({ where: { emailHash: throttleKey(SIGN_IN_PER_IP, idleIp) }, data: { updatedAt: now } });
    await getDb().signInThrottle.updateMany({
      where: { emailHash: throttleKey(SIGN_IN_PER_IP, lockedIp) },
      data: { updatedAt: now, lockedUntil: new Date(later.getTime() + 60_000) },
    });
    const pruned = await pruneAuthRecords({ db: getDb() }, { now: later });
    expect(pruned.throttles).toBeGreaterThanOrEqual(1);
    expect(await getDb().signInThrottle.count({ where: { emailHash: throttleKey(SIGN_IN_PER_IP, idleIp) } })).toBe(0);
    expect(await getDb().signInThrottle.count({ where: { emailHash: throttleKey(SIGN_IN_PER_IP, lockedIp) } })).toBe(1);
    expect(await getDb().emailToken.count({ where: { tokenHash: tokenHashOf(old.token) } })).toBe(0);
    expect(await getDb().emailToken.count({ where: { tokenHash: tokenHashOf(fresh.token) } })).toBe(1);
    // once the lock has ended, it goes too
    await pruneAuthRecords({ db: getDb() }, { now: new Date(later.getTime() + 2 * 60_000) });
    expect(await getDb().signInThrottle.count({ where: { emailHash: throttleKey(SIGN_IN_PER_IP, lockedIp) } })).toBe(0);
  });
});
