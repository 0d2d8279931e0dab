import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { checkPasswordHash, DUMMY_HASH, hashPassword, isLegacyHash, passwordStampOf } from "./password-hash";

describe("password hashes", () => {
  it("hashes with argon2id (19 MiB, 2 passes, 1 lane), salted, and verifies", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await checkPasswordHash(a, "correct horse")).toBe(true);
    expect(await checkPasswordHash(a, "correct horsE")).toBe(false);
    expect(isLegacyHash(a)).toBe(false);
  });

  it("still verifies a bcrypt hash written before argon2", async () => {
    const legacy = bcrypt.hashSync("old-password", 4);
    expect(isLegacyHash(legacy)).toBe(true);
    expect(await checkPasswordHash(legacy, "old-password")).toBe(true);
    expect(await checkPasswordHash(legacy, "new-password")).toBe(false);
  });

  it("answers false, never throws, for no hash (checking the dummy) and for a malformed one", async () => {
    expect(DUMMY_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPasswordHash(null, "anything")).toBe(false);
    expect(await checkPasswordHash(undefined, "")).toBe(false);
    expect(await checkPasswordHash("$argon2id$garbage", "x")).toBe(false);
    expect(await checkPasswordHash("$2b$10$short", "x")).toBe(false);
  });

  it("a missing hash costs what a real one does: the dummy has the very parameters new hashes get", async () => {
    const params = (h: string) => h.split("$").slice(1, 4).join("$");
    expect(params(DUMMY_HASH)).toBe(params(await hashPassword("anything-at-all")));
    expect(params(DUMMY_HASH)).toBe("argon2id$v=19$m=19456,t=2,p=1");
  });

  it("stamps a password hash with the secret: another hash or secret gives another stamp", () => {
    const s = passwordStampOf("$argon2id$a", "secret-1");
    expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(passwordStampOf("$argon2id$a", "secret-1")).toBe(s);
    expect(passwordStampOf("$argon2id$b", "secret-1")).not.toBe(s);
    expect(passwordStampOf("$argon2id$a", "secret-2")).not.toBe(s);
  });
});
