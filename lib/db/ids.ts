import { randomBytes } from "node:crypto";

/** 24 lowercase hex characters: 4 bytes of seconds since the epoch, then 8 random bytes (time-ordered). */
export const newId = (): string => {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + randomBytes(8).toString("hex");
};

/** A random lowercase hex string of `bytes` bytes. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex");
