// After a submission commits: the receipt to the business's owners and admins, and the notice to every operator.
// A mail that cannot go out is logged and counted, never undoes the submission (the application is in review
// either way, and the operator console lists it).
import type { DbContext } from "../core/context.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { activationOperatorNoticeMail, activationSubmittedMail } from "./activation-mails.ts";
import { listActivationRecipients } from "./list-activation-recipients.ts";

export type MailTally = { sent: number; failed: number };

const sendAll = async (ctx: DbContext, mails: Email[]): Promise<MailTally> => {
  let failed = 0;
  for (const m of mails) {
    try {
      await sendEmail(m, { db: ctx.db });
    } catch (err) {
      failed++;
      console.error(`[activation] mail to ${m.to} failed:`, err);
    }
  }
  return { sent: mails.length - failed, failed };
};

export const emailActivationSubmitted = async (
  ctx: DbContext,
  input: { businessId: string; submittedBy: string },
): Promise<{ admins: MailTally; operators: MailTally }> => {
  const business = await ctx.db.business.findUniqueOrThrow({ where: { id: input.businessId }, select: { id: true, name: true, kybApplication: true } });
  const legalName = String((business.kybApplication as { legalName?: unknown } | null)?.legalName ?? business.name);
  const about = { businessId: business.id, businessName: business.name };
  const admins = (await listActivationRecipients(ctx, { businessId: business.id })).map((to) =>
    activationSubmittedMail({ to, ...about, submittedBy: input.submittedBy }),
  );
  const operators = (await ctx.db.operator.findMany({ orderBy: { email: "asc" }, select: { email: true } })).map((o) =>
    activationOperatorNoticeMail({ to: o.email, ...about, legalName }),
  );
  return { admins: await sendAll(ctx, admins), operators: await sendAll(ctx, operators) };
};
