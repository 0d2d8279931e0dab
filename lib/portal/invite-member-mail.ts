// The mail an invited member receives: who invited them to which business, with which roles, and a link to
// /portal, where they sign in (or sign up) with the invited email; the membership is theirs once that email
// is verified. Plain text first, and a simple HTML version (every value escaped).
import { appBaseUrl } from "../config/settings.ts";
import type { Email } from "../email/send-email.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const portalUrl = () => `${appBaseUrl()}/portal`;

export const inviteMemberMail = ({ to, businessName, invitedBy, roles }: { to: string; businessName: string; invitedBy: string; roles: string[] }): Email => {
  const url = portalUrl();
  const lines = [
    `${invitedBy} invited you to the Coinop developer portal of ${businessName}, as ${roles.join(", ")}.`,
    `Open the portal and sign in with this email address (${to}). No account yet? Create one there with this address and confirm it: the invitation is waiting.`,
  ];
  const ignore = "If you did not expect this, ignore this email: nothing happens until someone signs in with this address.";
  return {
    to,
    subject: `You are invited to ${businessName} on Coinop`,
    text: `${lines.join("\n\n")}\n\n${url}\n\n${ignore}\n`,
    html: [
      `<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;max-width:32rem">`,
      ...[...lines].map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f172a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Open the developer portal</a></p>`,
      `<p style="font-size:13px;color:#475569">Or open this address: ${escapeHtml(url)}</p>`,
      `<p style="font-size:13px;color:#475569">${escapeHtml(ignore)}</p>`,
      `</div>`,
    ].join(""),
  };
};
