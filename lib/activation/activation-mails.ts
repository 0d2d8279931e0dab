// The mails of a business's activation: the receipt its owners and admins get when the application is submitted,
// the notice every operator gets ("a business applied"), and the decision mails (approved, rejected, action
// required) an operator's decision can send. Plain text first, and a simple HTML version (every value escaped).
// Pure: they build the mail, lib/email sends it.
import { appBaseUrl } from "../config/settings.ts";
import type { Email } from "../email/send-email.ts";
import { businessLinks } from "../businesses/business-links.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The business's activation page in the portal. */
export const activationPortalUrl = (businessId: string) => `${appBaseUrl()}/portal/${encodeURIComponent(businessId)}/activation`;

const mail = ({ to, subject, paragraphs, link }: { to: string; subject: string; paragraphs: string[]; link: { label: string; url: string } }): Email => ({
  to,
  subject,
  text: `${paragraphs.join("\n\n")}\n\n${link.label}: ${link.url}\n`,
  html: [
    `<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;max-width:32rem">`,
    ...paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#0f172a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:13px;color:#475569">Or open this address: ${escapeHtml(link.url)}</p>`,
    `</div>`,
  ].join(""),
});

type About = { to: string; businessId: string; businessName: string };

/** To each owner and admin: the application was submitted and is in review. */
export const activationSubmittedMail = ({ to, businessId, businessName, submittedBy }: About & { submittedBy: string }): Email =>
  mail({
    to,
    subject: `${businessName}: your application to go live was submitted`,
    paragraphs: [
      `${submittedBy} submitted the application of ${businessName} to go live on Coinop. It is now in review.`,
      "We email you when it is decided. Until it is approved, the business works in test mode only: live games, live keys and live payments wait for the approval.",
    ],
    link: { label: "See the application", url: activationPortalUrl(businessId) },
  });

/** To each operator: a business applied; the review waits in the operator console. */
export const activationOperatorNoticeMail = ({ to, businessId, businessName, legalName }: About & { legalName: string }): Email =>
  mail({
    to,
    subject: `Activation to review: ${businessName}`,
    paragraphs: [`${businessName} (legal name: ${legalName}, business ${businessId}) applied to go live. Its application and documents wait for your review.`],
    link: { label: "Open the operator console", url: `${appBaseUrl()}/operator/sign-in` },
  });

export type ActivationDecision = "approved" | "rejected" | "action_required";

/** To each owner and admin: the operator's decision, with the note (the reason, or what to fix). */
export const activationDecisionMail = ({
  to,
  businessId,
  businessName,
  decision,
  note,
}: About & { decision: ActivationDecision; note?: string | null }): Email => {
  const noteLines = note?.trim() ? [`The reviewer's note:\n${note.trim()}`] : [];
  if (decision === "approved")
    return mail({
      to,
      subject: `${businessName} is approved to go live`,
      paragraphs: [`Good news: ${businessName} is approved to go live on Coinop.`, "You can now create live games and live keys in the portal.", ...noteLines],
      link: { label: "Open the portal", url: activationPortalUrl(businessId) },
    });
  if (decision === "action_required")
    return mail({
      to,
      subject: `${businessName}: your application to go live needs changes`,
      paragraphs: [
        `The review of ${businessName}'s application to go live needs something from you before it can continue.`,
        ...noteLines,
        "Fix the application or add documents, then submit it again.",
      ],
      link: { label: "Update the application", url: businessLinks(businessId).kyb },
    });
  return mail({
    to,
    subject: `${businessName}: your application to go live was not approved`,
    paragraphs: [`The application of ${businessName} to go live was not approved. The business keeps working in test mode.`, ...noteLines],
    link: { label: "See the application", url: activationPortalUrl(businessId) },
  });
};
