import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readExcerpt } from "./read-excerpt.ts";

describe("readExcerpt", () => {
  it("keeps the first 500 characters and stops reading an endless body", async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled++;
        this.push("y".repeat(100));
      },
    });
    expect(await readExcerpt(endless)).toBe("y".repeat(500));
    expect(endless.destroyed).toBe(true);
    expect(pulled).toBeLessThan(20);
  });

  it("turns NUL and other control characters into U+FFFD (PostgreSQL text cannot hold NUL), keeps tabs and newlines", async () => {
    expect(await readExcerpt(Readable.from([Buffer.from("a\u0000b\u001bc\td\ne\r\n")]))).toBe("a\ufffdb\ufffdc\td\ne\r\n");
  });

  it("keeps what arrived before the body broke off", async () => {
    const broken = new Readable({ read() {} });
    broken.push("partial");
    setTimeout(() => broken.destroy(new Error("ECONNRESET")), 10);
    expect(await readExcerpt(broken)).toBe("partial");
  });
});
