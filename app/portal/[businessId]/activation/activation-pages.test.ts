// The portal's "Go live" page, its server actions and its documents route as Next calls them, signed in through
// the real next-auth cookie: each status as its members see it (owners and admins the application, the others the
// status only), the draft, an upload (multipart), a submit with its values and mails, and downloads only for the
// business's owners and admins.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { ACTIVATION_FORM_START } from "@/components/activation/activation-state";
import { getDb } from "@/lib/db/client";
import { applicationForm, pdf, uploadForm } from "@/tests/support/activation-application";
import { formData, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";
import { GET as DOWNLOAD } from "./documents/[documentId]/route";
import ActivationPage from "./page";

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
  const signedIn = await auth.signInMembers({
    owner: t.owner,
    admin: t.admin,
    developer: t.developer,
    finance: t.finance,
    viewer: t.viewer,
    stranger: t.stranger,
  });
  return { ...t, h: signedIn };
};

const page = (headers: Record<string, string>, businessId: string) => renderPortalPage(headers, ActivationPage, { businessId });

const download = (headers: Record<string, string>, businessId: string, documentId: string) =>
  inRequest(headers, () =>
    DOWNLOAD(new Request(`http://localhost/portal/${businessId}/activation/documents/${documentId}`), { params: Promise.resolve({ businessId, documentId }) }),
  );

describe("the Go live page", () => {
  it("shows the owner the stepper, the form and the documents; the other roles the status only; a stranger a 404", async () => {
    const t = await tenant();
    const b = t.business.id;
    const owner = await page(t.h.owner, b);
    expect(owner).toContain("Go live</h1>");
    expect(owner).toContain('aria-current="page" class="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold');
    expect(owner).toMatch(/<li aria-current="step"[^>]*>.*?Application/);
    expect(owner).toContain("Not started");
    expect(owner).toContain("Legal name");
    expect(owner).toContain("Supporting documents");
    expect(owner).toContain("No documents yet.");
    expect(owner).toContain('name="document"');
    expect(owner).toContain("Submit for review");
    for (const who of ["developer", "finance", "viewer"] as const) {
      const out = await page(t.h[who], b);
      expect(out, who).toContain(">Go live</a>");
      expect(out, who).toContain("Not started");
      expect(out, who).toContain("Only owners and admins of the business see and complete the application.");
      expect(out, who).not.toContain("Legal name");
      expect(out, who).not.toContain('name="document"');
    }
    await expect(page(t.h.stranger, b)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    expect(await page({}, b)).toContain("Sign in to the developer portal</h1>");
  });

  it("saves a draft, uploads a document, submits (values, audit, mails), then shows it in review and read-only", async () => {
    const t = await tenant();
    const b = t.business.id;
    const draft = await inRequest(t.h.admin, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("save", { taxId: "" })));
    expect(draft).toEqual({ error: null, notice: "Draft saved.", fieldErrors: [], attempt: 1 });
    expect(await page(t.h.admin, b)).toContain('value="Pixel Forge SAS"');

    // submitting without a document: refused, nothing changed
    const early = await inRequest(t.h.admin, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit")));
    expect(early).toEqual({
      error: "Attach at least one supporting document (a PDF or an image) before submitting.",
      notice: null,
      fieldErrors: [],
      attempt: 1,
    });

    const up = await inRequest(t.h.owner, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("Kbis.pdf", pdf())));
    expect(up).toEqual({ error: null, notice: "Uploaded Kbis.pdf.", fieldErrors: [], attempt: 1 });
    const [doc] = await db.verificationDocument.findMany({ where: { subjectType: "business", subjectId: b } });
    expect(doc).toMatchObject({ filename: "Kbis.pdf", contentType: "application/pdf", byteSize: pdf().byteLength });
    const withDoc = await page(t.h.owner, b);
    expect(withDoc).toContain(`href="/portal/${b}/activation/documents/${doc!.id}"`);
    expect(withDoc).toContain("PDF · 17 B");

    // an incomplete application: each field's message
    const bad = await inRequest(t.h.admin, () =>
      applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit", { taxId: "", representativeDateOfBirth: "2019-05-01" })),
    );
    expect(bad).toEqual({
      error: "Check the fields marked below.",
      notice: null,
      fieldErrors: [
        { field: "taxId", message: "must not be empty" },
        { field: "representativeDateOfBirth", message: "must be the birth date of an adult: the representative must be at least 18" },
      ],
      attempt: 1,
    });
    expect((await db.business.findUniqueOrThrow({ where: { id: b } })).kybStatus).toBe("not_started");

    const sent = await inRequest(t.h.admin, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit")));
    expect(sent).toEqual({ error: null, notice: "Submitted. The application is now in review; we email you when it is decided.", fieldErrors: [], attempt: 1 });
    const row = await db.business.findUniqueOrThrow({ where: { id: b } });
    expect(row.kybStatus).toBe("pending");
    expect(row.kybApplication).toMatchObject({ legalName: "Pixel Forge SAS", representative: { dateOfBirth: "1984-07-21" } });
    expect(await db.mailMessage.count({ where: { to: { in: [t.owner.email, t.admin.email] }, subject: { contains: "was submitted" } } })).toBe(2);
    const entry = await db.auditEntry.findFirstOrThrow({ where: { businessId: b, action: "business.activation.submitted" } });
    expect(entry).toMatchObject({ actorType: "member", actorLabel: t.admin.email, objectId: b });

    const inReview = await page(t.h.owner, b);
    expect(inReview).toMatch(/<li aria-current="step"[^>]*>.*?Submitted — in review/);
    expect(inReview).toContain("This is the application as it was submitted.");
    expect(inReview).not.toContain("Submit for review");
    expect(inReview).not.toContain('name="document"');
    expect(inReview).toContain('<fieldset class="min-w-0" disabled="">');

    // a second submit, a late upload and a removal: refused while in review
    const twice = await inRequest(t.h.owner, () => applicationAction({ businessId: b }, ACTIVATION_FORM_START, applicationForm("submit")));
    expect(twice.error).toBe("The business's activation is pending; only a not_started or action_required one can be pending.");
    const late = await inRequest(t.h.owner, () => removeDocumentAction({ businessId: b, documentId: doc!.id }, ACTIVATION_FORM_START, formData({})));
    expect(late.error).toBe("The application is submitted and in review: it cannot be changed until an operator answers.");
    expect(await db.verificationDocument.count({ where: { subjectId: b } })).toBe(1);
  });

  it("shows the operator's note when action is required, and points to live games and keys once approved", async () => {
    const t = await tenant();
    const b = t.business.id;
    await db.business.update({
      where: { id: b },
      data: {
        kybStatus: "action_required",
        kybNote: "Add the director's ID.",
        kybSubmittedAt: new Date("2026-11-20T10:00:00Z"),
        kybDecidedAt: new Date("2026-11-21T10:00:00Z"),
      },
    });
    const ask = await page(t.h.admin, b);
    expect(ask).toContain("What the reviewer asks");
    expect(ask).toContain("Add the director&#x27;s ID.");
    expect(ask).toContain("Submitted on 2026-11-20. Decided on 2026-11-21.");
    expect(ask).toContain("Submit for review");
    // the note is for owners and admins
    expect(await page(t.h.viewer, b)).not.toContain("Add the director");

    await db.business.update({ where: { id: b }, data: { kybStatus: "approved", kybNote: null } });
    const ok = await page(t.h.owner, b);
    expect(ok).toContain("You are approved to go live");
    expect(ok).toContain(`href="/portal/${b}/games?env=live"`);
    expect(ok).toContain(`href="/portal/${b}/keys?env=live"`);
    expect(ok).not.toContain("Submit for review");
  });
});

describe("the documents route", () => {
  it("serves the business's owners and admins the bytes, sandboxed, as an attachment; everyone else a 404", async () => {
    const t = await tenant();
    const b = t.business.id;
    await inRequest(t.h.admin, () => uploadDocumentAction({ businessId: b }, ACTIVATION_FORM_START, uploadForm("statutes.pdf", pdf("the statutes"))));
    const doc = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: b } });
    for (const who of ["owner", "admin"] as const) {
      const res = await download(t.h[who], b, doc.id);
      expect(res.status, who).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString()).toBe("%PDF-1.7\nthe statutes");
      expect(Object.fromEntries(res.headers)).toMatchObject({
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="statutes.pdf"; filename*=UTF-8''statutes.pdf`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-store",
      });
    }
    for (const who of ["developer", "finance", "viewer", "stranger"] as const) {
      const res = await download(t.h[who], b, doc.id);
      expect(res.status, who).toBe(404);
      expect(await res.text(), who).toBe("Not found.\n");
    }
    expect((await download({}, b, doc.id)).status).toBe(404);
    expect((await download(t.h.admin, b, "0".repeat(24))).status).toBe(404);
  });
});
