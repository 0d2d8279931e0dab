// Business activation, written as the attacks (issue 28). Rule: only the business's owners and admins change its
// application or read its documents, through the portal (activation:write) or the hosted verification page (a
// business admin); everyone else gets a 404 (or, for a member whose role may not, a refusal) and nothing changes.
// Documents are sniffed (an HTML or SVG file named .pdf is refused) and never reach a public URL.
import "@/tests/support/serve-auth";
import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "@/app/portal/[businessId]/activation/actions";
import { GET as DOWNLOAD } from "@/app/portal/[businessId]/activation/documents/[documentId]/route";
import ActivationPage from "@/app/portal/[businessId]/activation/page";
import * as hosted from "@/app/business/[businessId]/verification/actions";
import { GET as UPLOADS } from "@/app/uploads/[...path]/route";
import { ACTIVATION_FORM_START } from "@/components/activation/activation-state";
import { getDb } from "@/lib/db/client";
import { uploadDir } from "@/lib/uploads/upload-dir";
import { addBusinessMember } from "@/lib/tenants/add-business-member";
import { applicationForm, ascii, pdf, uploadForm } from "@/tests/support/activation-application";
import { makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { makePlayer } from "@/tests/support/players";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);

const tenant = async () => {
  const t = await makePortalTenant();
  const outsider = await makePlayer();
  const h = await auth.signInMembers({
    owner: t.owner,
    admin: t.admin,
    developer: t.developer,
    finance: t.finance,
    viewer: t.viewer,
    stranger: t.stranger,
    outsider: { playerId: outsider.id, email: outsider.email },
  });
  return { ...t, h };
};

const snapshot = async (businessId: string) => ({
  business: await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { kybStatus: true, kybApplication: true, kybSubmittedAt: true, kybNote: true },
  }),
  documents: (await db.verificationDocument.findMany({ where: { subjectId: businessId }, select: { id: true }, orderBy: { id: "asc" } })).map((d) => d.id),
  audit: await db.auditEntry.count({ where: { businessId, action: { startsWith: "business.activation." } } }),
  mails: await db.mailMessage.count({ where: { subject: { contains: "go live" } } }),
});

const download = (headers: Record<string, string>, businessId: string, documentId: string) =>
  inRequest(headers, () =>
    DOWNLOAD(new Request(`http://localhost/portal/${businessId}/activation/documents/${documentId}`), { params: Promise.resolve({ businessId, documentId }) }),
  );

describe("who may change a business's application", () => {
  it("a developer, finance or viewer member calling the server actions directly with forged forms is refused; nothing changes", async () => {
    const t = await tenant();
    const b = t.business.id;
    await inRequest(t.h.admin, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("real.pdf", pdf())));
    const doc = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: b } });
    const before = await snapshot(b);
    for (const who of ["developer", "finance", "viewer"] as const) {
      const refused = `Your role (${who}) does not allow this. Ask an owner or admin of the business.`;
      const h = t.h[who];
      expect((await inRequest(h, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit")))).error, who).toBe(refused);
      expect((await inRequest(h, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("save")))).error, who).toBe(refused);
      expect((await inRequest(h, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("forged.pdf", pdf())))).error, who).toBe(
        refused,
      );
      expect((await inRequest(h, () => removeDocumentAction({ businessId: b, documentId: doc.id }, ACTIVATION_FORM_START, new FormData()))).error, who).toBe(
        refused,
      );
      // the hosted page's actions: only business admins (owner or admin role) pass, the others are strangers to it
      expect((await inRequest(h, () => hosted.applicationAction(b, ACTIVATION_FORM_START, applicationForm("submit")))).error, who).toBe(
        "Choose a business you administer.",
      );
      expect((await inRequest(h, () => hosted.uploadDocumentAction(b, ACTIVATION_FORM_START, uploadForm("forged.pdf", pdf())))).error, who).toBe(
        "Choose a business you administer.",
      );
    }
    expect(await snapshot(b)).toEqual(before);
  });

  it("another business's admin, a signed-in outsider and nobody get a 404 on the page, the actions and the documents route", async () => {
    const t = await tenant();
    const b = t.business.id;
    await inRequest(t.h.owner, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("statutes.pdf", pdf())));
    const doc = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: b } });
    const before = await snapshot(b);
    for (const who of ["stranger", "outsider"] as const) {
      const h = t.h[who];
      await expect(renderPortalPage(h, ActivationPage, { businessId: b }), who).rejects.toMatchObject({ digest: expect.stringContaining("404") });
      for (const run of [
        () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit")),
        () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("x.pdf", pdf())),
        () => removeDocumentAction({ businessId: b, documentId: doc.id }, ACTIVATION_FORM_START, new FormData()),
      ])
        expect((await inRequest(h, run)).error, who).toBe("This business was not found.");
      const res = await download(h, b, doc.id);
      expect(res.status, who).toBe(404);
      expect(res.headers.get("content-type"), who).toBe("text/plain; charset=utf-8");
    }
    expect((await download({}, b, doc.id)).status).toBe(404);
    expect((await inRequest({}, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("x.pdf", pdf())))).error).toBe(
      "Sign in with the email that is a member of this business.",
    );
    expect(await snapshot(b)).toEqual(before);
  });

  it("a document of business A cannot be read, or removed, through business B's URL, even by an admin of both", async () => {
    const t = await tenant();
    const a = t.business.id;
    const b = t.other.id;
    await inRequest(t.h.admin, () => uploadDocumentAction({ businessId: a }, ACTIVATION_FORM_START, uploadForm("a-only.pdf", pdf("secret of A"))));
    const docA = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: a } });
    // the stranger administers B: A's document through B's URL
    const viaB = await download(t.h.stranger, b, docA.id);
    expect(viaB.status).toBe(404);
    expect(await viaB.text()).not.toContain("secret of A");
    // make A's admin an admin of B too: still not through B's URL
    await addBusinessMember({ db }, { businessId: b, email: t.admin.email, roles: ["admin"] });
    expect((await download(t.h.admin, b, docA.id)).status).toBe(404);
    expect((await download(t.h.admin, a, docA.id)).status).toBe(200);
    const removed = await inRequest(t.h.admin, () => removeDocumentAction({ businessId: b, documentId: docA.id }, ACTIVATION_FORM_START, new FormData()));
    expect(removed.error).toBe("This document was not found.");
    expect(await db.verificationDocument.count({ where: { id: docA.id } })).toBe(1);
  });
});

describe("what a document may be, and where it lives", () => {
  it("refuses an HTML page, an SVG and a GIF renamed .pdf (by their bytes), storing nothing", async () => {
    const t = await tenant();
    const b = t.business.id;
    for (const [name, bytes, type] of [
      ["statutes.pdf", ascii("<!doctype html><script>fetch('/api')</script>"), "application/pdf"],
      ["id.pdf", ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "application/pdf"],
      ["scan.png", ascii("GIF89a\x01\x00\x01\x00"), "image/png"],
      ["empty.pdf", new Uint8Array(), "application/pdf"],
    ] as const) {
      const out = await inRequest(t.h.admin, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm(name, bytes, type)));
      expect(out.error, name).toMatch(/^The document (must be a PDF, PNG, JPEG or WebP file|is empty)\.$/);
    }
    expect(await db.verificationDocument.count({ where: { subjectId: b } })).toBe(0);
  });

  it("is kept in the database, never written under the uploads folder, and /uploads serves none of it", async () => {
    const t = await tenant();
    const b = t.business.id;
    const dir = uploadDir();
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
    const before = files();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(
      (await inRequest(t.h.admin, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("passport.png", png, "image/png")))).error,
    ).toBeNull();
    const doc = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: b } });
    expect(doc.contentType).toBe("image/png");
    expect(Buffer.from(doc.data)).toEqual(Buffer.from(png));
    expect(files()).toEqual(before);
    for (const name of [doc.id, `${doc.id}.png`, `${doc.sha256.slice(0, 32)}.png`, doc.sha256, "passport.png"]) {
      const res = await UPLOADS(new Request(`http://localhost/uploads/${name}`), { params: Promise.resolve({ path: [name] }) });
      expect(res.status, name).toBe(404);
    }
    // the one way to it: the portal route, for the business's owners and admins, as an attachment
    const res = await download(t.h.owner, b, doc.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
  });
});
