// The operator console (/operator) is the instance's own staff's, and no one else's. Attack: a stranger, a
// signed-in member (even the owner of a business), a signed-out visitor and an operator who has not passed the
// second factor open every console page, the document route, and replay every console server action. Rule:
// each gets the same 404 as an unknown URL, decided on the server, and nothing changes. The second factor's
// cookie is bound to the operator, the player and the sign-in: a forged, expired, other operator's or earlier
// sign-in's cookie is no second factor, and a removed operator loses the console at the next request.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import {
  confirmEnrolmentAction,
  finishEnrolmentAction,
  leaveConsoleAction,
  reviewActivationAction,
  reviewComplianceAction,
  reviewScopeRequestAction,
  verifyCodeAction,
} from "@/app/operator/actions";
import ActivationReviewPage from "@/app/operator/activations/[businessId]/page";
import ActivationsPage from "@/app/operator/activations/page";
import AuditPage from "@/app/operator/audit/page";
import ComplianceReviewPage from "@/app/operator/compliance/[complianceId]/page";
import CompliancePage from "@/app/operator/compliance/page";
import { GET as DOCUMENT } from "@/app/operator/documents/[documentId]/route";
import InstancePage from "@/app/operator/page";
import ScopeRequestsPage from "@/app/operator/scope-requests/page";
import SignInPage from "@/app/operator/sign-in/page";
import { INITIAL_OPERATOR_STATE } from "@/components/operator/operator-form";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { storeVerificationDocument } from "@/lib/documents/store-verification-document";
import { OPERATOR_COOKIE, signOperatorSession } from "@/lib/operator/operator-session";
import { removeOperator } from "@/lib/operator/remove-operator";
import { totpCodeAt } from "@/lib/operator/totp";
import { createPlatform } from "@/lib/platform/create-platform";
import { recordScopeRequest } from "@/lib/platform/record-scope-request";
import { inTransaction } from "@/lib/db/transaction";
import { enrolOperator, makeOperatorAccount, takeSetCookies, withOperatorCookie } from "@/tests/support/operator";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { formData as form, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { makePlayer } from "@/tests/support/players";
import { serveThroughNext } from "@/tests/support/next-pipeline";
import { inRequest } from "@/tests/support/serve-auth";
import { startTotpEnrolment } from "@/lib/operator/start-totp-enrolment";

vi.mock("next/headers", async () => (await import("@/tests/support/operator")).operatorNextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const db = () => getDb();
const auth = servePortalAuth(authRoute);
const NOT_FOUND = { digest: expect.stringContaining("404") };

/** Passes the second factor through the real action in `headers`' browser; returns the headers with the console's cookie. */
const passSecondFactor = async (headers: Record<string, string>, secret: string) => {
  takeSetCookies();
  await expect(inRequest(headers, () => verifyCodeAction(INITIAL_OPERATOR_STATE, form({ code: totpCodeAt(secret, new Date()) })))).rejects.toMatchObject({
    digest: expect.stringContaining("NEXT_REDIRECT;replace;/operator;"),
  });
  const [cookie] = takeSetCookies();
  expect(cookie).toMatchObject({ name: OPERATOR_COOKIE, options: { httpOnly: true, sameSite: "strict", path: "/operator", secure: false } });
  return withOperatorCookie(headers, cookie!.value);
};

/** An operator signed in with the second factor passed, and the objects of each queue. */
const world = async () => {
  const op = await makeOperatorAccount();
  // enrolled a while ago (its code's step is used), so the current code passes now
  const { secret } = await enrolOperator(op.operatorId, new Date(Date.now() - 10 * 60_000));
  const signedIn = await auth.signIn(op);
  const operator = await passSecondFactor(signedIn, secret);

  const business = await makeBusiness("test");
  const owner = await makeBusinessAdmin(business.id, { roles: [], isOwner: true });
  await db().business.update({
    where: { id: business.id },
    data: { kybStatus: "pending", kybSubmittedAt: new Date(), kybApplication: { legalName: "Victim Ltd" } },
  });
  const doc = await storeVerificationDocument(
    { db: db() },
    {
      subjectType: "business",
      subjectId: business.id,
      filename: "extract.pdf",
      bytes: new TextEncoder().encode("%PDF-1.7\nsecret"),
      uploadedBy: owner.playerId,
    },
  );
  const platform = await createPlatform({ db: db() }, { name: `Platform ${Math.random()}` });
  const { request } = await inTransaction(db(), (tx) =>
    recordScopeRequest({ db: tx }, { platformId: platform.id, environment: "live", scopes: ["gift:read"] }),
  );
  const player = await makePlayer();
  const compliance = await db().playerCompliance.create({
    data: { id: newId(), playerId: player.id, environment: "live", status: "pending", details: { legalName: "P" } },
  });

  // the others: a stranger, the business's owner, an operator who has not passed the second factor, one not enrolled
  const stranger = await auth.signIn(await makeBusinessAdmin((await makeBusiness("test")).id));
  const member = await auth.signIn(owner);
  const noFactor = await makeOperatorAccount();
  await enrolOperator(noFactor.operatorId);
  const notEnrolled = await makeOperatorAccount();
  return {
    op,
    secret,
    signedIn,
    operator,
    business,
    owner,
    doc,
    platform,
    request,
    compliance,
    others: {
      "a signed-out visitor": {},
      "a stranger": stranger,
      "the business's owner": member,
      "an operator without the second factor": await auth.signIn(noFactor),
      "an operator not enrolled": await auth.signIn(notEnrolled),
      "the operator's own sign-in without the cookie": signedIn,
    } as Record<string, Record<string, string>>,
  };
};

type W = Awaited<ReturnType<typeof world>>;

const pages = (w: W): [string, unknown, Record<string, string>][] => [
  ["/operator", InstancePage, {}],
  ["/operator/activations", ActivationsPage, {}],
  ["/operator/activations/{id}", ActivationReviewPage, { businessId: w.business.id }],
  ["/operator/scope-requests", ScopeRequestsPage, {}],
  ["/operator/compliance", CompliancePage, {}],
  ["/operator/compliance/{id}", ComplianceReviewPage, { complianceId: w.compliance.id }],
  ["/operator/audit", AuditPage, {}],
];

const document = (headers: Record<string, string>, documentId: string) =>
  inRequest(headers, () => DOCUMENT(new Request(`http://localhost/operator/documents/${documentId}`), { params: Promise.resolve({ documentId }) }));

const actions = (
  w: W,
): Record<string, () => Promise<unknown>> & { approveActivation: () => ReturnType<typeof reviewActivationAction>; approveScopes: () => Promise<unknown> } => ({
  approveActivation: () => reviewActivationAction({ businessId: w.business.id }, INITIAL_OPERATOR_STATE, form({ decision: "approve", note: "replayed" })),
  approveScopes: () => reviewScopeRequestAction({ requestId: w.request.id }, INITIAL_OPERATOR_STATE, form({ decision: "approve", note: "replayed" })),
  moveCompliance: () =>
    reviewComplianceAction({ complianceId: w.compliance.id }, INITIAL_OPERATOR_STATE, form({ from: "pending", status: "approved", note: "replayed" })),
  leaveConsole: () => leaveConsoleAction(),
});

/** What the console's actions could change: compared before and after each refused attempt. */
const snapshot = async (w: W) => ({
  business: await db().business.findUniqueOrThrow({ where: { id: w.business.id }, select: { kybStatus: true, kybNote: true, kybDecidedAt: true } }),
  request: await db().platformScopeRequest.findUniqueOrThrow({ where: { id: w.request.id } }),
  platform: await db().platform.findUniqueOrThrow({ where: { id: w.platform.id }, select: { approvedScopes: true, pendingScopes: true } }),
  compliance: await db().playerCompliance.findUniqueOrThrow({ where: { id: w.compliance.id } }),
  actions: await db().operatorAction.count({ where: { objectId: { in: [w.business.id, w.request.id, w.compliance.id] } } }),
});

describe("the operator console", () => {
  it("shows every page and the documents to the operator who passed the second factor", async () => {
    const w = await world();
    for (const [path, page, params] of pages(w)) expect(await renderPortalPage(w.operator, page, params), path).toContain("Coinop operator console");
    const review = await renderPortalPage(w.operator, ActivationReviewPage, { businessId: w.business.id });
    expect(review).toContain("Victim Ltd");
    expect(review).toContain(`/operator/documents/${w.doc.id}`);
    const res = await document(w.operator, w.doc.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await res.text()).toBe("%PDF-1.7\nsecret");
  });

  it("answers 404 to everyone else on every page, the sign-in page (but for operators) and the document route", async () => {
    const w = await world();
    for (const [who, headers] of Object.entries(w.others)) {
      for (const [path, page, params] of pages(w)) await expect(renderPortalPage(headers, page, params), `${path} for ${who}`).rejects.toMatchObject(NOT_FOUND);
      const res = await document(headers, w.doc.id);
      expect(res.status, `document for ${who}`).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
    for (const who of ["a signed-out visitor", "a stranger", "the business's owner"])
      await expect(renderPortalPage(w.others[who]!, SignInPage, {}), `sign-in for ${who}`).rejects.toMatchObject(NOT_FOUND);
    // an operator without the second factor sees only the sign-in page: the code form, or the enrolment
    expect(await renderPortalPage(w.others["an operator without the second factor"]!, SignInPage, {})).toContain("Confirm it is you</h1>");
    const enrol = await renderPortalPage(w.others["an operator not enrolled"]!, SignInPage, {});
    expect(enrol).toContain("Set up your second factor</h1>");
    expect(enrol).toContain('data-testid="totp-qr"');
  });

  it("refuses every server action to everyone else with the 404, changing nothing (a replayed action too)", async () => {
    const w = await world();
    const before = await snapshot(w);
    for (const [who, headers] of Object.entries(w.others))
      for (const [name, run] of Object.entries(actions(w))) {
        if (name === "leaveConsole" && /operator/.test(who)) continue; // an operator may always leave (it only ends their own second factor)
        takeSetCookies();
        await expect(inRequest(headers, run), `${name} by ${who}`).rejects.toMatchObject(NOT_FOUND);
        expect(takeSetCookies(), `${name} by ${who} sets no cookie`).toEqual([]);
      }
    for (const who of ["a signed-out visitor", "a stranger", "the business's owner"]) {
      await expect(
        inRequest(w.others[who]!, () => verifyCodeAction(INITIAL_OPERATOR_STATE, form({ code: totpCodeAt(w.secret, new Date()) }))),
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(inRequest(w.others[who]!, () => confirmEnrolmentAction(INITIAL_OPERATOR_STATE, form({ code: "123456" })))).rejects.toMatchObject(NOT_FOUND);
      await expect(inRequest(w.others[who]!, () => finishEnrolmentAction(form({ proof: "x.y" })))).rejects.toMatchObject(NOT_FOUND);
    }
    expect(await snapshot(w)).toEqual(before);
    // the operator's own action passes
    const done = await inRequest(w.operator, actions(w).approveActivation);
    expect(done.error).toBeNull();
    expect(done.notice).toBe("The activation is approved; 1 owner(s) and admin(s) emailed.");
    expect((await db().business.findUniqueOrThrow({ where: { id: w.business.id } })).kybStatus).toBe("approved");
  });

  it("ends a removed operator's console at the next request", async () => {
    const w = await world();
    expect(await renderPortalPage(w.operator, InstancePage, {})).toContain("Instance</h1>");
    await removeOperator({ db: db() }, { email: w.op.email });
    await expect(renderPortalPage(w.operator, InstancePage, {})).rejects.toMatchObject(NOT_FOUND);
    await expect(inRequest(w.operator, actions(w).approveActivation)).rejects.toMatchObject(NOT_FOUND);
    await expect(renderPortalPage(w.operator, SignInPage, {})).rejects.toMatchObject(NOT_FOUND);
    expect((await db().business.findUniqueOrThrow({ where: { id: w.business.id } })).kybStatus).toBe("pending");
  });

  it("takes no forged, expired, other operator's or earlier sign-in's cookie as the second factor", async () => {
    const w = await world();
    const session = await inRequest(w.signedIn, async () => (await import("@/lib/auth/get-signed-in-player")).getSignedInSession());
    const claims = { operatorId: w.op.operatorId, playerId: w.op.playerId, sessionId: session!.sessionId, expiresAt: Date.now() + 3600_000 };
    // the genuine claims, signed by this instance, pass (the control)
    expect(await renderPortalPage(withOperatorCookie(w.signedIn, signOperatorSession(claims)), InstancePage, {})).toContain("Instance</h1>");
    const other = await makeOperatorAccount();
    const forged = {
      "random bytes": "bm90LWEtY29va2ll.AAAA",
      "edited claims, old signature": `${Buffer.from(JSON.stringify([w.op.operatorId, w.op.playerId, session!.sessionId, Date.now() + 9e9])).toString("base64url")}.${signOperatorSession(claims).split(".")[1]}`,
      expired: signOperatorSession({ ...claims, expiresAt: Date.now() - 1000 }),
      "another operator's": signOperatorSession({ ...claims, operatorId: other.operatorId }),
      "another player's": signOperatorSession({ ...claims, playerId: other.playerId }),
      "an earlier sign-in's": signOperatorSession({ ...claims, sessionId: "0".repeat(32) }),
    };
    for (const [what, value] of Object.entries(forged)) {
      const headers = withOperatorCookie(w.signedIn, value);
      await expect(renderPortalPage(headers, InstancePage, {}), what).rejects.toMatchObject(NOT_FOUND);
      await expect(inRequest(headers, actions(w).approveScopes), what).rejects.toMatchObject(NOT_FOUND);
    }
    // the operator's cookie in another operator's browser is no second factor for them either
    const otherBrowser = await auth.signIn(other);
    await enrolOperator(other.operatorId);
    const stolen = w.operator.cookie.split("; ").find((c) => c.startsWith(`${OPERATOR_COOKIE}=`))!;
    await expect(renderPortalPage({ ...otherBrowser, cookie: `${otherBrowser.cookie}; ${stolen}` }, InstancePage, {})).rejects.toMatchObject(NOT_FOUND);
    // signing in again (a new sign-in id) asks for the code again
    const again = await auth.signIn(w.op);
    await expect(renderPortalPage({ ...again, cookie: `${again.cookie}; ${stolen}` }, InstancePage, {})).rejects.toMatchObject(NOT_FOUND);
    expect((await db().platformScopeRequest.findUniqueOrThrow({ where: { id: w.request.id } })).status).toBe("pending");
  });

  it("enrols through the sign-in page's actions: codes shown once with a proof, which only this sign-in turns into the cookie", async () => {
    const op = await makeOperatorAccount();
    const headers = await auth.signIn(op);
    const page = await renderPortalPage(headers, SignInPage, {});
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    expect((await startTotpEnrolment({ db: db() }, { operator: await db().operator.findUniqueOrThrow({ where: { id: op.operatorId } }) }))!.secret).toBe(
      secret,
    );
    takeSetCookies();
    const wrong = await inRequest(headers, () => confirmEnrolmentAction(INITIAL_OPERATOR_STATE, form({ code: "000000" })));
    expect(wrong).toMatchObject({ error: "That code is not right, or was already used. Type the current code from your authenticator app.", codes: null });
    const done = await inRequest(headers, () => confirmEnrolmentAction(INITIAL_OPERATOR_STATE, form({ code: totpCodeAt(secret, new Date()) })));
    expect(done.codes).toHaveLength(10);
    expect(done.proof).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(takeSetCookies()).toEqual([]); // no cookie yet: the page must not re-render before the codes are read
    // the proof is not a cookie
    await expect(renderPortalPage(withOperatorCookie(headers, done.proof!), InstancePage, {})).rejects.toMatchObject(NOT_FOUND);
    // another sign-in of the same operator cannot use it
    const elsewhere = await auth.signIn(op);
    await expect(inRequest(elsewhere, () => finishEnrolmentAction(form({ proof: done.proof! })))).rejects.toMatchObject({
      digest: expect.stringContaining(";/operator/sign-in;"),
    });
    expect(takeSetCookies()).toEqual([]);
    await expect(inRequest(headers, () => finishEnrolmentAction(form({ proof: done.proof! })))).rejects.toMatchObject({
      digest: expect.stringContaining(";/operator/sign-in;"),
    });
    const [cookie] = takeSetCookies();
    expect(cookie?.name).toBe(OPERATOR_COOKIE);
    expect(await renderPortalPage(withOperatorCookie(headers, cookie!.value), InstancePage, {})).toContain("Instance</h1>");
  });

  it("serves a document with its sandboxing policy through Next's headers and the proxy's matcher", async () => {
    const w = await world();
    const server = await serveThroughNext((pathname) =>
      pathname.startsWith("/operator/documents/")
        ? (req) => inRequest(Object.fromEntries(req.headers), () => DOCUMENT(req, { params: Promise.resolve({ documentId: pathname.split("/").pop()! }) }))
        : undefined,
    );
    try {
      const res = await fetch(`${server.base}/operator/documents/${w.doc.id}?download=1`, {
        headers: { cookie: w.operator.cookie, "x-forwarded-for": w.operator["x-forwarded-for"]! },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="extract\.pdf"/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const stranger = await fetch(`${server.base}/operator/documents/${w.doc.id}`, { headers: { cookie: w.others["the business's owner"]!.cookie! } });
      expect(stranger.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
