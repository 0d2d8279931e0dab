// The nonce proxy.ts put in a request's Content-Security-Policy, for a route handler that writes its own
// HTML (GET /docs): read where Next.js reads it for the pages it renders (the request's policy, script-src).
const NONCE_SOURCE = /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/;

/** The script nonce of the request's Content-Security-Policy, or undefined (no proxy, no nonce). */
export const readScriptNonce = (headers: Headers): string | undefined => {
  const directive = (headers.get("content-security-policy") ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  for (const source of directive?.split(/\s+/).slice(1) ?? []) {
    const m = NONCE_SOURCE.exec(source);
    if (m) return m[1];
  }
  return undefined;
};
