// Business activation, the business's side, against PostgreSQL: the application's schema and its messages, a
// draft, documents, a submission (complete application and a document, or nothing changes), a resubmission after
// an operator asked for action, a second or racing submit (409, one wins), the audit entries and the mails.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { savePortalActivationDraft } from "@/lib/portal/save-portal-activation-draft";
import { submitPortalActivation } from "@/lib/portal/submit-portal-activation";
import { attachPortalActivationDocument } from "@/lib/portal/attach-portal-activation-document";
import { removePortalActivationDocument } from "@/lib/portal/remove-portal-activation-document";
import { loadPortalActivation } from "@/lib/portal/load-portal-activation";
import { ascii, completeForm, pdf } from "@/tests/support/activation-application";
import { as, makePortalTenant } from "@/tests/support/portal";
import { activationAdminContext } from "./activation-admin";
import { activationDecisionMail } from "./activation-mails";
import { loadActivation } from "./load-activation";
import { ActivationApplication, ageOn, applicationOfForm, formOfApplication, type ApplicationForm } from "./schemas";
import { submitActivation } from "./submit-activation";

const db = getDb();

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, message: e.message, details: e.details ?? [] };
    throw e;
  }
  throw new Error("expected a refusal");
};

/** What an operator's "ask for action" leaves behind (the operator console's service is another part's). */
const operatorAsksForAction = (businessId: string, note: string) =>
  db.business.update({ where: { id: businessId }, data: { kybStatus: "action_required", kybNote: note, kybDecidedAt: new Date() } });

const auditOf = (businessId: string) =>
  db.auditEntry.findMany({ where: { businessId, action: { startsWith: "business.activation." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

describe("the application's schema", () => {
  const parse = (form: ApplicationForm) => ActivationApplication.safeParse(applicationOfForm(form));
  const messages = (form: ApplicationForm) => {
    const r = parse(form);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accepts a complete application: country upper-cased, email normalised, empty optional fields left out", () => {
    const r = parse(completeForm());
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      legalName: "Pixel Forge SAS",
      address: { line1: "12 rue des Arcades", city: "Lyon", postalCode: "69002", country: "FR" },
      registrationNumber: "RCS 812 345 678",
      taxId: "FR40812345678",
      website: "https://pixelforge.example.com",
      productDescription: "Coins and cosmetic skins for our mobile puzzle game, sold to players worldwide.",
      representative: { firstName: "Camille", lastName: "Durand", dateOfBirth: "1984-07-21", email: "camille@pixelforge.example.com" },
    });
  });

  it("says per field what is wrong", () => {
    expect(messages(completeForm({ legalName: "  ", country: "France", website: "http://pixelforge.example.com", productDescription: "games" }))).toEqual({
      legalName: "must not be empty",
      "address.country": "must be a two-letter ISO 3166-1 country code, e.g. US or FR",
      website: "must start with https://, e.g. https://example.com",
      productDescription: "must say what the business sells in at least 20 characters",
    });
    expect(messages(completeForm({ website: "https://localhost", representativeEmail: "camille@", representativeDateOfBirth: "21/07/1984" }))).toEqual({
      website: "must be a website address with a domain name, e.g. https://example.com",
      "representative.email": "must be a valid email address, like name@example.com",
      "representative.dateOfBirth": "must be a date written YYYY-MM-DD, e.g. 1984-07-21",
    });
    expect(messages(completeForm({ representativeDateOfBirth: "2023-02-30" }))).toEqual({
      "representative.dateOfBirth": "must be a date written YYYY-MM-DD, e.g. 1984-07-21",
    });
    expect(messages(completeForm({ representativeDateOfBirth: " " }))).toEqual({ "representative.dateOfBirth": "must not be empty" });
    expect(messages(completeForm({ representativeDateOfBirth: "1850-01-01" }))).toEqual({ "representative.dateOfBirth": "must be after 1900-01-01" });
  });

  it("wants an adult representative: 18 on the birthday, not the day before", () => {
    const today = new Date();
    const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
    const eighteenToday = ymd(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate());
    const eighteenTomorrow = ymd(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 1);
    expect(ageOn(eighteenToday)).toBe(18);
    expect(ageOn(eighteenTomorrow)).toBe(17);
    expect(parse(completeForm({ representativeDateOfBirth: eighteenToday })).success).toBe(true);
    expect(messages(completeForm({ representativeDateOfBirth: eighteenTomorrow }))).toEqual({
      "representative.dateOfBirth": "must be the birth date of an adult: the representative must be at least 18",
    });
  });

  it("round-trips the form through a stored application", () => {
    const parsed = ActivationApplication.parse(applicationOfForm(completeForm({ addressLine2: "Bât. B" })));
    expect(formOfApplication(parsed)).toEqual(
      completeForm({ addressLine2: "Bât. B", country: "FR", representativeEmail: "camille@pixelforge.example.com", state: "" }),
    );
    expect(formOfApplication(null).legalName).toBe("");
    expect(formOfApplication({ address: "not an object", legalName: 3 })).toMatchObject({ legalName: "", city: "" });
  });
});

describe("applying to go live", () => {
  it("keeps a draft, takes documents, submits, tells admins and operators, and audits each step", async () => {
    const t = await makePortalTenant();
    const operatorEmail = `op-${newId()}@ops.example.com`;
    await db.operator.create({ data: { id: newId(), email: operatorEmail } });
    const businessId = t.business.id;

    const draft = await savePortalActivationDraft(as(t.admin), { businessId, form: { legalName: " Pixel Forge SAS ", city: "Lyon" } });
    expect(draft.application).toMatchObject({ legalName: "Pixel Forge SAS", address: { city: "Lyon", line1: "" } });
    const view1 = await loadActivation({ db }, { businessId });
    expect(view1).toMatchObject({ status: "not_started", editable: true, note: null, documents: [], submittedAt: null });
    expect(view1!.application).toMatchObject({ legalName: "Pixel Forge SAS", city: "Lyon", taxId: "" });

    const doc = await attachPortalActivationDocument(as(t.owner), { businessId, filename: "../Kbis extract.pdf", bytes: pdf() });
    expect(doc).toMatchObject({ filename: "Kbis extract.pdf", contentType: "application/pdf", byteSize: pdf().byteLength });
    const extra = await attachPortalActivationDocument(as(t.admin), { businessId, filename: "id.pdf", bytes: pdf("id") });
    expect(await removePortalActivationDocument(as(t.admin), { businessId, documentId: extra.id })).toEqual({ documentId: extra.id, filename: "id.pdf" });

    const out = await submitPortalActivation(as(t.admin), { businessId, form: completeForm() });
    expect(out).toMatchObject({ status: "pending", documents: 1, mails: { admins: { sent: 2, failed: 0 }, operators: { sent: 1, failed: 0 } } });
    const row = await db.business.findUniqueOrThrow({ where: { id: businessId } });
    expect(row).toMatchObject({ kybStatus: "pending", kybNote: null, kybSubmittedAt: out.submittedAt });
    expect(row.kybApplication).toEqual(out.application);
    expect(row.kybApplication).toMatchObject({ address: { country: "FR" }, representative: { email: "camille@pixelforge.example.com" } });

    const audit = await auditOf(businessId);
    expect(audit.map((a) => [a.action, a.actorLabel, a.objectType])).toEqual([
      ["business.activation.draft_saved", t.admin.email, "business"],
      ["business.activation.document_added", t.owner.email, "verification_document"],
      ["business.activation.document_added", t.admin.email, "verification_document"],
      ["business.activation.document_removed", t.admin.email, "verification_document"],
      ["business.activation.submitted", t.admin.email, "business"],
    ]);
    expect(audit[1]!.details).toEqual({ filename: "Kbis extract.pdf", contentType: "application/pdf", byteSize: pdf().byteLength });
    expect(audit[4]!.details).toEqual({ from: "not_started", to: "pending", legalName: "Pixel Forge SAS", country: "FR", documents: 1 });
    expect(audit[4]!.environment).toBe("test");

    // the receipt to the owner and the admin (not the developer, finance or viewer), the notice to the operator
    for (const m of [t.owner, t.admin]) {
      const [mail] = await mailsTo(m.email);
      expect(mail).toMatchObject({ subject: `${t.business.name}: your application to go live was submitted` });
      expect(mail!.text).toContain(`${t.admin.email} submitted the application of ${t.business.name} to go live on Coinop. It is now in review.`);
      expect(mail!.text).toContain(`/portal/${businessId}/activation`);
    }
    for (const m of [t.developer, t.finance, t.viewer]) expect(await mailsTo(m.email)).toEqual([]);
    const [notice] = await mailsTo(operatorEmail);
    expect(notice!.subject).toBe(`Activation to review: ${t.business.name}`);
    expect(notice!.text).toContain(`(legal name: Pixel Forge SAS, business ${businessId}) applied to go live`);
    // the console's front door: /operator itself is a 404 until the second factor is passed
    expect(notice!.text).toContain("/operator/sign-in");

    // in review: nothing can change any more, and a second submit is 409
    const again = await failure(submitPortalActivation(as(t.owner), { businessId, form: completeForm() }));
    expect(again).toMatchObject({
      code: "ACTIVATION_NOT_ALLOWED",
      status: 409,
      message: "The business's activation is pending; only a not_started or action_required one can be pending.",
    });
    expect(await failure(savePortalActivationDraft(as(t.admin), { businessId, form: { legalName: "Other" } }))).toMatchObject({
      code: "ACTIVATION_NOT_ALLOWED",
      message: "The application is submitted and in review: it cannot be changed until an operator answers.",
    });
    expect(await failure(attachPortalActivationDocument(as(t.admin), { businessId, filename: "late.pdf", bytes: pdf() }))).toMatchObject({
      code: "ACTIVATION_NOT_ALLOWED",
    });
    expect(await failure(removePortalActivationDocument(as(t.admin), { businessId, documentId: doc.id }))).toMatchObject({ code: "ACTIVATION_NOT_ALLOWED" });
    expect((await auditOf(businessId)).length).toBe(5);
    expect(await db.business.findUniqueOrThrow({ where: { id: businessId } })).toMatchObject({ kybStatus: "pending", kybSubmittedAt: out.submittedAt });
  });

  it("takes the application again after an operator asked for action, clearing the note", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    await attachPortalActivationDocument(as(t.admin), { businessId, filename: "a.pdf", bytes: pdf() });
    const first = await submitPortalActivation(as(t.admin), { businessId, form: completeForm() });
    await operatorAsksForAction(businessId, "The registration extract is older than three months.");
    const portal = await loadPortalActivation(as(t.owner), { businessId });
    expect(portal.activation).toMatchObject({ status: "action_required", note: "The registration extract is older than three months.", editable: true });
    // the form shows what was submitted, to be fixed
    expect((portal.activation as { application: ApplicationForm }).application.legalName).toBe("Pixel Forge SAS");

    await attachPortalActivationDocument(as(t.owner), { businessId, filename: "fresh extract.pdf", bytes: pdf("new") });
    const second = await submitPortalActivation(as(t.owner), { businessId, form: completeForm({ taxId: "FR40812345679" }) });
    expect(second).toMatchObject({ status: "pending", documents: 2 });
    expect(second.submittedAt.getTime()).toBeGreaterThanOrEqual(first.submittedAt.getTime());
    expect(await db.business.findUniqueOrThrow({ where: { id: businessId } })).toMatchObject({
      kybStatus: "pending",
      kybNote: null,
      kybApplication: expect.objectContaining({ taxId: "FR40812345679" }),
    });
    const submitted = (await auditOf(businessId)).filter((a) => a.action === "business.activation.submitted");
    expect(submitted.map((a) => (a.details as { from: string }).from)).toEqual(["not_started", "action_required"]);
  });

  it("refuses a submission without a document, or with an incomplete application: 400, nothing changed, no mail", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    const noDoc = await failure(submitPortalActivation(as(t.admin), { businessId, form: completeForm() }));
    expect(noDoc).toEqual({
      code: "VALIDATION_ERROR",
      status: 400,
      message: "Attach at least one supporting document (a PDF or an image) before submitting.",
      details: [{ field: "documents", message: "must hold at least one supporting document" }],
    });
    await attachPortalActivationDocument(as(t.admin), { businessId, filename: "a.pdf", bytes: pdf() });
    const incomplete = await failure(
      submitPortalActivation(as(t.admin), { businessId, form: completeForm({ taxId: "", representativeDateOfBirth: "2020-01-01", website: "" }) }),
    );
    expect(incomplete).toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    expect(incomplete.details).toEqual([
      { field: "taxId", message: "must not be empty" },
      { field: "website", message: "must start with https://, e.g. https://example.com" },
      { field: "representative.dateOfBirth", message: "must be the birth date of an adult: the representative must be at least 18" },
    ]);
    expect(await db.business.findUniqueOrThrow({ where: { id: businessId } })).toMatchObject({
      kybStatus: "not_started",
      kybApplication: null,
      kybSubmittedAt: null,
    });
    expect((await auditOf(businessId)).map((a) => a.action)).toEqual(["business.activation.document_added"]);
    expect(await mailsTo(t.admin.email)).toEqual([]);
  });

  it("refuses a draft field over its cap, and a document that is not a PDF or an image", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    expect(await failure(savePortalActivationDraft(as(t.admin), { businessId, form: { legalName: "x".repeat(201) } }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "legalName", message: "must be at most 200 characters" }],
    });
    expect(await failure(attachPortalActivationDocument(as(t.admin), { businessId, filename: "x.pdf", bytes: ascii("<svg onload=alert(1)>") }))).toMatchObject({
      code: "DOCUMENT_INVALID",
      status: 400,
    });
    expect(await db.verificationDocument.count({ where: { subjectId: businessId } })).toBe(0);
    expect(await auditOf(businessId)).toEqual([]);
  });

  it("lets only one of two racing submits through; the other is 409 and sends no second mail", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    await attachPortalActivationDocument(as(t.admin), { businessId, filename: "a.pdf", bytes: pdf() });
    // the context first: an `await` inside the array would leave the first two submits unobserved meanwhile, and
    // a refusal settling then is an unhandled rejection
    const adminCtx = await activationAdminContext(as(t.admin), { businessId });
    const results = await Promise.allSettled([
      submitPortalActivation(as(t.admin), { businessId, form: completeForm() }),
      submitPortalActivation(as(t.owner), { businessId, form: completeForm({ legalName: "Pixel Forge" }) }),
      submitActivation(adminCtx, { application: applicationOfForm(completeForm()) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(refused.map((e) => [e.code, e.status])).toEqual([
      ["ACTIVATION_NOT_ALLOWED", 409],
      ["ACTIVATION_NOT_ALLOWED", 409],
    ]);
    expect((await auditOf(businessId)).filter((a) => a.action === "business.activation.submitted")).toHaveLength(1);
    expect(await mailsTo(t.admin.email)).toHaveLength(1);
  });

  it("is refused after a decision: approved and rejected are final for the business", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    await attachPortalActivationDocument(as(t.admin), { businessId, filename: "a.pdf", bytes: pdf() });
    for (const status of ["approved", "rejected"]) {
      await db.business.update({ where: { id: businessId }, data: { kybStatus: status } });
      expect(await failure(submitPortalActivation(as(t.admin), { businessId, form: completeForm() }))).toMatchObject({
        code: "ACTIVATION_NOT_ALLOWED",
        message: `The business's activation is ${status}; only a not_started or action_required one can be pending.`,
      });
      expect(await failure(attachPortalActivationDocument(as(t.admin), { businessId, filename: "b.pdf", bytes: pdf() }))).toMatchObject({
        message: `The business's activation is ${status}: the application can no longer be changed.`,
      });
    }
  });

  it("shows read-only roles the status only: not the application, the note or the documents", async () => {
    const t = await makePortalTenant();
    const businessId = t.business.id;
    await savePortalActivationDraft(as(t.admin), { businessId, form: completeForm() });
    for (const m of [t.developer, t.finance, t.viewer]) {
      const out = await loadPortalActivation(as(m), { businessId });
      expect(out.manage).toBe(false);
      expect(out.activation).toEqual({ businessId, businessName: t.business.name, status: "not_started", submittedAt: null, decidedAt: null });
    }
    await expect(loadPortalActivation(as(t.stranger), { businessId })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
  });
});

describe("the decision mails an operator's decision can send", () => {
  it("say what was decided, with the note", () => {
    const about = { to: "a@b.example", businessId: "b1", businessName: "Pixel <Forge>" };
    const ask = activationDecisionMail({ ...about, decision: "action_required", note: "Upload a newer extract." });
    expect(ask.subject).toBe("Pixel <Forge>: your application to go live needs changes");
    expect(ask.text).toContain("The reviewer's note:\nUpload a newer extract.");
    expect(ask.text).toContain("/business/b1/verification");
    expect(ask.html).toContain("Pixel &#60;Forge&#62;");
    expect(ask.html).not.toContain("<Forge>");
    expect(activationDecisionMail({ ...about, decision: "approved" }).text).toContain("You can now create live games and live keys in the portal.");
    expect(activationDecisionMail({ ...about, decision: "rejected", note: "Unlicensed gambling." }).text).toContain("Unlicensed gambling.");
  });
});
