// Issue 28, the player's side of compliance: /account/verification takes the signed-in player's details and
// identity document. The player is the session's, never the form's: a forged form (another player's id, an
// environment where nobody links them) submits nothing for anyone else; signed out, the action writes nothing and
// the page asks to sign in; the page shows only the player's own details and document names, never a link
// to a document (documents are never under a public URL).
import "@/tests/support/serve-auth";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { submitVerificationAction } from "@/app/account/verification/actions";
import VerificationPage from "@/app/account/verification/page";
import { getDb } from "@/lib/db/client";
import { linkPlayer } from "@/lib/linking/link-player";
import { makeBusiness } from "@/tests/support/platform";
import { makePlayer } from "@/tests/support/players";
import { servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = () => getDb();
const auth = servePortalAuth(authRoute);
const START = { error: null, fieldErrors: [], attempt: 0 };

const form = (fields: Record<string, string>, file: { name: string; body: string } | null = { name: "passport.pdf", body: "%PDF-1.7\nid" }) => {
  const f = new FormData();
  const all = {
    environment: "test",
    legalName: "Grace Hopper",
    dateOfBirth: "1986-12-09",
    line1: "1 Navy Way",
    city: "Arlington",
    postalCode: "22202",
    country: "US",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) f.set(k, v);
  if (file) f.set("document", new File([file.body], file.name, { type: "application/pdf" }));
  return f;
};

/** Runs the action in a request with `headers`: where it redirected, or the form state it answered. */
const submit = (headers: Record<string, string>, f: FormData) =>
  inRequest(headers, () => submitVerificationAction(START, f)).then(
    (state) => ({ state, redirect: null as string | null }),
    (e: { digest?: string }) => {
      if (!e.digest?.startsWith("NEXT_REDIRECT")) throw e;
      return { state: null, redirect: e.digest.split(";")[2] ?? null };
    },
  );

const page = (headers: Record<string, string>) => inRequest(headers, async () => renderToStaticMarkup((await VerificationPage()) as ReactElement));

/** A player linked to a test business, signed in. */
const linkedPlayer = async () => {
  const business = await makeBusiness("test");
  const player = await makePlayer();
  await linkPlayer({ db: db() }, { namespace: { type: "business", id: business.id }, environment: "test", playerId: player.id });
  return { player, headers: await auth.signIn({ playerId: player.id, email: player.email }) };
};

const reviewOf = (playerId: string) => db().playerCompliance.findMany({ where: { playerId } });

describe("/account/verification: the player's own submission", () => {
  it("a signed-in player submits for themselves: pending, then the page says in review and lists the document's name", async () => {
    const a = await linkedPlayer();
    expect(await page(a.headers)).toContain('name="legalName"');
    expect(await submit(a.headers, form({}))).toEqual({ state: null, redirect: "/account/verification" });
    const [row] = await reviewOf(a.player.id);
    expect(row).toMatchObject({ status: "pending", details: { legalName: "Grace Hopper", address: { country: "US" } } });
    const html = await page(a.headers);
    expect(html).toContain("passport.pdf");
    expect(html).not.toContain('name="legalName"');
    // again while pending: refused, said in the form, nothing changed
    const again = await submit(a.headers, form({ legalName: "Someone Else" }));
    expect(again.state).toMatchObject({ error: expect.stringMatching(/cannot be sent now/) });
    expect((await reviewOf(a.player.id))[0]).toMatchObject({ status: "pending", details: { legalName: "Grace Hopper" } });
  });

  it("invalid details come back field by field (translated), with nothing written", async () => {
    const a = await linkedPlayer();
    const out = await submit(a.headers, form({ legalName: "", dateOfBirth: "2020-01-01", country: "USA" }, { name: "id.pdf", body: "<html>" }));
    expect(out.state!.fieldErrors.map((e) => e.field)).toEqual(["legalName", "dateOfBirth", "country"]);
    expect(out.state!.fieldErrors[1]!.message).toBe("Enter your real date of birth: you must be 18 or older.");
    // what was typed comes back, to be shown again (React resets the form after its action)
    expect(out.state!.values).toMatchObject({ legalName: "", dateOfBirth: "2020-01-01", country: "USA", city: "Arlington" });
    const html = await submit(a.headers, form({}, { name: "id.pdf", body: "<html><script>alert(1)</script>" }));
    expect(html.state!.fieldErrors).toEqual([{ field: "document", message: "Attach one PDF, PNG, JPEG or WebP file of at most 5 MB." }]);
    expect(await reviewOf(a.player.id)).toEqual([]);
    expect(await db().verificationDocument.count({ where: { uploadedBy: a.player.id } })).toBe(0);
  });

  it("attack: a forged form cannot submit for someone else (a playerId field is ignored; an environment where nobody links the player is refused)", async () => {
    const a = await linkedPlayer();
    const b = await linkedPlayer();
    // b posts a form naming a: the session decides whose review moves
    const forged = form({ playerId: a.player.id, userId: a.player.id });
    expect((await submit(b.headers, forged)).redirect).toBe("/account/verification");
    expect(await reviewOf(a.player.id)).toEqual([]);
    expect((await reviewOf(b.player.id))[0]!.status).toBe("pending");
    // a stranger linked nowhere, and a's live environment where nobody links a: refused, nothing written
    const stranger = await makePlayer();
    const sh = await auth.signIn({ playerId: stranger.id, email: stranger.email });
    expect((await submit(sh, form({}))).state).toMatchObject({ error: expect.stringMatching(/cannot be sent now/) });
    expect((await submit(a.headers, form({ environment: "live" }))).state).toMatchObject({ error: expect.stringMatching(/cannot be sent now/) });
    expect((await submit(a.headers, form({ environment: "staging" }))).state).toMatchObject({ error: expect.stringMatching(/cannot be sent now/) });
    expect(await reviewOf(stranger.id)).toEqual([]);
    expect(await reviewOf(a.player.id)).toEqual([]);
  });

  it("attack: signed out, the action writes nothing and goes back to the page, which asks to sign in", async () => {
    const a = await linkedPlayer();
    expect(await submit({}, form({ playerId: a.player.id }))).toEqual({ state: null, redirect: "/account/verification" });
    expect(await reviewOf(a.player.id)).toEqual([]);
    const html = await page({});
    expect(html).toContain("Sign in to see the status of your identity verification.");
    expect(html).not.toContain('name="legalName"');
  });

  it("attack: the page never shows another player's details or documents, and links to no document", async () => {
    const a = await linkedPlayer();
    const b = await linkedPlayer();
    await submit(a.headers, form({ legalName: "Alice Secret-Name", line1: "7 Hidden Lane" }, { name: "alice-passport.pdf", body: "%PDF-1.7\nA" }));
    const mine = await page(a.headers);
    expect(mine).toContain("alice-passport.pdf");
    expect(mine).not.toMatch(/href="[^"]*(document|upload)[^"]*"/i);
    const theirs = await page(b.headers);
    for (const secret of ["Alice Secret-Name", "7 Hidden Lane", "alice-passport.pdf", a.player.email]) expect(theirs).not.toContain(secret);
    expect(theirs).toContain('name="legalName"'); // b's own, empty form
  });
});
