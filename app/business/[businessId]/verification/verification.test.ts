// The hosted verification page (links.kyb) of a business a platform created in live: its admin completes the
// application there, in their language, with a document; the platform sees verificationStatus move in
// GET /v1/platform/business; anyone else gets a 404 on the page and nothing from its actions.
import "@/tests/support/serve-auth";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { GET as DETAILS, POST as CREATE } from "@/app/api/v1/platform/business/route";
import { ACTIVATION_FORM_START } from "@/components/activation/activation-state";
import { getDb } from "@/lib/db/client";
import { applicationForm, pdf, uploadForm } from "@/tests/support/activation-application";
import { call } from "@/tests/support/http";
import { idem, makeBusinessAdmin, makePlatformTenant, makeBusiness, platformHeaders } from "@/tests/support/platform";
import { makePlayer } from "@/tests/support/players";
import { servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";
import BusinessVerificationPage from "./page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);

const render = (headers: Record<string, string>, businessId: string) =>
  inRequest(headers, async () => renderToStaticMarkup((await BusinessVerificationPage({ params: Promise.resolve({ businessId }) })) as ReactElement));

/** A live platform creates a business whose admin is a verified player; the admin signed in, in French. */
const liveBusiness = async () => {
  const t = await makePlatformTenant({ environment: "live" });
  const admin = await makePlayer();
  const res = await call(CREATE, {
    headers: { ...t.mgmt, ...idem() },
    body: {
      name: `Studio ${admin.id}`,
      members: [{ email: admin.email, roles: ["admin"] }],
      address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "us" },
    },
  });
  expect(res.status).toBe(201);
  const businessId = res.body.business._id as string;
  const headers = { ...(await auth.signIn({ playerId: admin.id, email: admin.email })), "accept-language": "fr-FR,fr;q=0.9" };
  const status = async () => (await call(DETAILS, { headers: platformHeaders(t.rawKey, businessId) })).body.business.verificationStatus;
  return { ...t, businessId, admin, headers, status, kyb: res.body.links.kyb as string };
};

describe("the hosted verification page", () => {
  it("lets the admin of a business created in live complete the application; the platform sees the status move", async () => {
    const t = await liveBusiness();
    expect(t.kyb).toMatch(new RegExp(`/business/${t.businessId}/verification$`));
    expect(await t.status()).toBe("not_started");

    const page = await render(t.headers, t.businessId);
    expect(page).toContain('lang="fr"');
    expect(page).toContain("Vérification de l’entreprise</h1>");
    expect(page).toContain("Non commencée");
    expect(page).toContain("Remplissez le dossier ci-dessous");
    expect(page).toContain("Raison sociale");
    expect(page).toContain("Envoyer pour examen");
    expect(page).not.toContain("cannot be started online");

    // in French: a missing document, then fields at fault with the catalog's words
    expect(await inRequest(t.headers, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("submit")))).toEqual({
      error: "Ajoutez au moins un justificatif avant l’envoi.",
      notice: null,
      fieldErrors: [],
      attempt: 1,
    });
    expect(
      await inRequest(t.headers, () => uploadDocumentAction(t.businessId, ACTIVATION_FORM_START, uploadForm("page.pdf", new TextEncoder().encode("<html>")))),
    ).toMatchObject({
      error: "Ce fichier ne peut pas être utilisé : il doit s’agir d’un PDF, PNG, JPEG ou WebP de 5 Mo au plus.",
    });
    expect(await inRequest(t.headers, () => uploadDocumentAction(t.businessId, ACTIVATION_FORM_START, uploadForm("extrait.pdf", pdf())))).toEqual({
      error: null,
      notice: "extrait.pdf téléversé.",
      fieldErrors: [],
      attempt: 1,
    });
    const bad = await inRequest(t.headers, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("submit", { country: "France" })));
    expect(bad).toEqual({
      error: "Vérifiez les champs signalés ci-dessous.",
      notice: null,
      fieldErrors: [{ field: "country", message: "must be a two-letter ISO 3166-1 country code, e.g. US or FR" }],
      attempt: 1,
    });
    expect(await t.status()).toBe("not_started");

    expect(await inRequest(t.headers, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("submit")))).toMatchObject({
      error: null,
      notice: "Envoyé. Le dossier est en cours d’examen ; nous vous écrivons dès qu’une décision est prise.",
    });
    expect(await t.status()).toBe("pending");
    const business = await db.business.findUniqueOrThrow({ where: { id: t.businessId } });
    expect(business).toMatchObject({ environment: "live", kybStatus: "pending" });
    expect(await db.auditEntry.findFirst({ where: { businessId: t.businessId, action: "business.activation.submitted" } })).toMatchObject({
      environment: "live",
      actorLabel: t.admin.email,
    });
    expect(await db.mailMessage.count({ where: { to: t.admin.email, subject: { contains: "was submitted" } } })).toBe(1);
    const inReview = await render(t.headers, t.businessId);
    expect(inReview).toContain("Envoyée — en cours d’examen");
    expect(inReview).not.toContain("Envoyer pour examen");

    // an operator asks for action: the note shows, the form opens again; a resubmission moves it back to pending
    await db.business.update({ where: { id: t.businessId }, data: { kybStatus: "action_required", kybNote: "Ajoutez la pièce d’identité du dirigeant." } });
    expect(await t.status()).toBe("action_required");
    const ask = await render(t.headers, t.businessId);
    expect(ask).toContain("Ce que demande l’examinateur");
    expect(ask).toContain("Ajoutez la pièce d’identité du dirigeant.");
    await inRequest(t.headers, () => uploadDocumentAction(t.businessId, ACTIVATION_FORM_START, uploadForm("id.pdf", pdf("id"))));
    expect((await inRequest(t.headers, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("submit")))).error).toBeNull();
    expect(await t.status()).toBe("pending");

    await db.business.update({ where: { id: t.businessId }, data: { kybStatus: "approved", kybDecidedAt: new Date() } });
    expect(await t.status()).toBe("approved");
    const approved = await render(t.headers, t.businessId);
    expect(approved).toContain("Approuvée");
    expect(approved).toContain("Vous pouvez maintenant créer des jeux et des clés de production");
    expect(approved).not.toContain("Raison sociale");
  });

  it("is a 404 for another business's admin and any other member; their actions change nothing", async () => {
    const t = await liveBusiness();
    const other = await makeBusiness("live");
    const stranger = await makeBusinessAdmin(other.id);
    const developer = await makeBusinessAdmin(t.businessId, { roles: ["developer"] });
    await inRequest(t.headers, () => uploadDocumentAction(t.businessId, ACTIVATION_FORM_START, uploadForm("a.pdf", pdf())));
    const doc = await db.verificationDocument.findFirstOrThrow({ where: { subjectId: t.businessId } });
    for (const who of [stranger, developer]) {
      const h = await auth.signIn(who);
      await expect(render(h, t.businessId)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
      const refused = "Choose a business you administer.";
      expect((await inRequest(h, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("submit")))).error).toBe(refused);
      expect((await inRequest(h, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("save")))).error).toBe(refused);
      expect((await inRequest(h, () => uploadDocumentAction(t.businessId, ACTIVATION_FORM_START, uploadForm("b.pdf", pdf())))).error).toBe(refused);
      expect(
        (await inRequest(h, () => removeDocumentAction({ businessId: t.businessId, documentId: doc.id }, ACTIVATION_FORM_START, new FormData()))).error,
      ).toBe(refused);
    }
    expect(await db.business.findUniqueOrThrow({ where: { id: t.businessId } })).toMatchObject({ kybStatus: "not_started", kybApplication: null });
    expect(await db.verificationDocument.count({ where: { subjectId: t.businessId } })).toBe(1);
    // signed out: asked to sign in, no business named; the actions need a sign-in
    const out = await render({}, t.businessId);
    expect(out).toContain("Sign in with the email that administers the business to see its verification and complete it.");
    expect((await inRequest({}, () => applicationAction(t.businessId, ACTIVATION_FORM_START, applicationForm("save")))).error).toBe(
      "Sign in with the email that administers this business.",
    );
  });
});
