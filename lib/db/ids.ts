import { randomBytes } from "node:crypto";

/** Random bytes drawn from the system's CSPRNG a few KB at a time: one call per id cost ~6 µs, and a credit takes several ids. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** `bytes` fresh random bytes as hex, each byte handed out once. */
const pooledHex = (bytes: number): string => {
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const out = pool.toString("hex", used, used + bytes);
  used += bytes;
  return out;
};

/** 24 lowercase hex characters: 4 bytes of seconds since the epoch, then 8 random bytes (time-ordered). */
export const newId = (): string => {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + pooledHex(8);
};

/** A random lowercase hex string of `bytes` bytes. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex");
