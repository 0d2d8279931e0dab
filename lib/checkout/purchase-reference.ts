// The short reference a payer reads on the success page and quotes to the game's support: "CO-7K3F-9Q2D".
// It is the last 40 bits of the purchase id (ids are 8 hex digits of time, then 16 random hex digits: see
// lib/db/ids.ts) in Crockford base32, so support turns it back into the id's last 10 hex digits
// (`referenceToIdSuffix`) and finds the purchase with `id LIKE '%<suffix>'`. It opens nothing by itself:
// the success URL is signed with the full id.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford: no I, L, O, U

/** "CO-XXXX-XXXX" for a purchase id of at least 10 hex digits; null for anything else. */
export const purchaseReference = (purchaseId: string): string | null => {
  if (!/^[0-9a-f]{10,}$/i.test(purchaseId)) return null;
  let n = BigInt(`0x${purchaseId.slice(-10)}`);
  let out = "";
  for (let i = 0; i < 8; i++) {
    out = ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return `CO-${out.slice(0, 4)}-${out.slice(4)}`;
};

/** The last 10 hex digits of the purchase id behind a reference (case, spaces, dashes and the CO- prefix forgiven; I/L→1, O→0). */
export const referenceToIdSuffix = (reference: string): string | null => {
  const body = reference
    .toUpperCase()
    .replace(/^\s*CO[\s-]*/, "")
    .replace(/[\s-]/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(body)) return null;
  let n = 0n;
  for (const c of body) n = (n << 5n) | BigInt(ALPHABET.indexOf(c));
  return n.toString(16).padStart(10, "0");
};
