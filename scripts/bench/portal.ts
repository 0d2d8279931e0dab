// Issue 32, target 4: the portal's pages as a signed-in member gets them. The seed's developer login signs in
// through next-auth's own endpoints, as the browser's signIn("player-credentials") does (GET /api/auth/csrf, then
// POST /api/auth/callback/player-credentials), and its cookies go with every page request: the server renders
// the whole page (the session, the member's roles, the loader, React) for each GET, so the time to the response is
// the server's time (over loopback, no browser).

/** The four pages of target 4, as paths of the seed's business; `userRef` is a player of its game. */
export const portalPages = (businessId: string, userRef: string) => {
  const b = `/portal/${encodeURIComponent(businessId)}`;
  return [
    { page: "overview", path: b, expect: 'data-testid="count-test"' },
    { page: "journals", path: `${b}/ledger/journals`, expect: "Journals</h1>" },
    { page: "request log", path: `${b}/logs`, expect: "Request log</h1>" },
    { page: "player", path: `${b}/players/${encodeURIComponent(userRef)}`, expect: userRef },
  ] as const;
};

const cookiesOf = (res: Response, jar: Map<string, string>) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
};

/** Signs `email` in on `base`; the Cookie header of the signed-in browser. */
export const signInPortal = async (base: string, { email, password }: { email: string; password: string }): Promise<string> => {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/player-credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ callbackUrl: `${base}/portal`, email, password, mode: "signin", csrfToken, json: "true" }),
  });
  cookiesOf(res, jar);
  await res.arrayBuffer();
  if (![...jar.keys()].some((k) => k.endsWith("next-auth.session-token"))) throw new Error(`signing the portal member in failed: ${res.status}`);
  return header();
};
