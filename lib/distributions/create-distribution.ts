import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { computeDistributionTotals, MAX_TOTAL_CENTS, splitByPpm } from "../fees/fees.ts";
import { serviceFeeFor } from "../fees/service-fee.ts";
import { checkRecipientRefs } from "../split-templates/check-recipient-refs.ts";
import { findSplitTemplate } from "../split-templates/find-split-template.ts";
import { checkRecipients, type StoredRecipient } from "../split-templates/recipients.ts";
import type { SplitMode } from "../split-templates/schemas.ts";
import { platformFees } from "./platform-fees.ts";
import type { CreateDistributionBody } from "./schemas.ts";
import { distributionCreatedData, serializeDistribution, storeFee } from "./serialize-distribution.ts";

/**
 * The amount and the amount plus fees stay at most MAX_TOTAL_CENTS, in both modes (a fixed split sums its
 * recipients; a template saved before the cap may pass it). 400 INVALID_SPLIT naming the field that made it.
 */
const assertUnderCap = (a: { totalAmountCents: bigint; fundingRequiredCents: bigint; mode: SplitMode; fromTemplate: boolean; platformFees: boolean }) => {
  const cap = BigInt(MAX_TOTAL_CENTS);
  const amountField = a.fromTemplate ? "templateId" : a.mode === "fixed" ? "recipients" : "totalAmountCents";
  const [field, message] =
    a.totalAmountCents > cap
      ? [amountField, `the amounts must sum to at most ${MAX_TOTAL_CENTS} cents; they sum to ${a.totalAmountCents} cents`]
      : a.fundingRequiredCents > cap
        ? [
            a.platformFees ? "fees" : amountField,
            `the amount plus fees must be at most ${MAX_TOTAL_CENTS} cents; it is ${a.fundingRequiredCents} cents (fees included)`,
          ]
        : [null, null];
  if (field)
    throw new AppError("INVALID_SPLIT", `The distribution is too large: ${field} ${message}.`, {
      details: [{ field, message: message! }],
    });
};

/**
 * Creates a pending distribution for the target business: recipients from the body or a saved template,
 * each a direct transfer (the recipient has an account: a business-level userRef, or an email of a known
 * player) or a gift (claimed by email); amounts split to the cent (docs/fees.md); the service's fee plus the
 * platform's fees computed and stored. Platform.Distribution.Created. Nothing moves in the ledger yet.
 */
export const createDistribution = (ctx: TargetContext, body: CreateDistributionBody) =>
  inTransaction(ctx.db, async (tx) => {
    const { businessId, grantId } = ctx.scope;
    const c = { ...ctx, db: tx };
    let mode: SplitMode;
    let recipients: StoredRecipient[];
    let templateId: string | null = null;
    if (body.templateId !== undefined) {
      const t = await findSplitTemplate({ ...ctx, db: tx }, { templateId: body.templateId });
      if (body.mode !== undefined && body.mode !== t.mode)
        throw new AppError("INVALID_SPLIT", `The template is a ${t.mode} split; send mode "${t.mode}" or leave mode out.`, {
          details: [{ field: "mode", message: `must match the template's mode (${t.mode})` }],
        });
      mode = t.mode as SplitMode;
      recipients = t.recipients as StoredRecipient[];
      templateId = t.id;
    } else {
      mode = body.mode!;
      recipients = checkRecipients(mode, body.recipients!);
    }
    if (mode === "percentage" && body.totalAmountCents === undefined)
      throw new AppError("INVALID_SPLIT", "totalAmountCents is required in percentage mode.", {
        details: [{ field: "totalAmountCents", message: "is required in percentage mode" }],
      });
    const linkedPlayers = await checkRecipientRefs(c, recipients);
    const amounts =
      mode === "percentage"
        ? splitByPpm(
            BigInt(body.totalAmountCents!),
            recipients.map((r) => BigInt(r.ppm!)),
          )
        : recipients.map((r) => BigInt(r.amountCents!));
    if (amounts.some((a) => a === 0n))
      throw new AppError("INVALID_SPLIT", "A recipient's share rounds to 0 cents; raise totalAmountCents or that recipient's percentage.", {
        details: amounts.flatMap((a, i) => (a === 0n ? [{ field: `recipients.${i}.percentage`, message: "gives this recipient 0 cents of the total" }] : [])),
      });
    const totalAmountCents = amounts.reduce((s, a) => s + a, 0n);
    const emails = recipients.flatMap((r) => (r.email ? [r.email] : []));
    const known = new Map((await tx.player.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } })).map((p) => [p.email, p.id]));
    const serviceFee = await serviceFeeFor(c, { businessId });
    const fees = [...(serviceFee ? [serviceFee] : []), ...platformFees(body.fees)];
    const totals = computeDistributionTotals({ totalAmountCents, recipientCount: recipients.length, fees });
    assertUnderCap({
      totalAmountCents,
      fundingRequiredCents: totals.fundingRequiredCents,
      mode,
      fromTemplate: templateId !== null,
      platformFees: body.fees !== undefined,
    });
    const id = newId();
    const d = await tx.distribution.create({
      data: {
        id,
        businessId,
        environment: ctx.scope.environment,
        platformId: ctx.scope.platformId,
        createdByKeyId: ctx.actor.keyId,
        grantId,
        mode,
        status: "pending",
        payoutPath: body.payoutPath,
        totalAmountCents,
        totalFeeCents: totals.totalFeeCents,
        feeLineItems: totals.feeLineItems.map(storeFee),
        templateId,
        memo: body.memo ?? "",
        lineItems: {
          create: recipients.map((r, i) => {
            const playerId = linkedPlayers[i] ?? (r.email ? (known.get(r.email) ?? null) : null);
            return {
              id: newId(),
              position: i,
              email: r.email,
              userRef: r.userRef,
              name: r.name,
              playerId,
              method: playerId ? "direct_transfer" : "gift",
              ppm: r.ppm === null ? null : BigInt(r.ppm),
              amountCents: amounts[i]!,
            };
          }),
        },
      },
      include: { lineItems: true },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Distribution.Created",
      objectType: "distribution",
      objectId: d.id,
      data: distributionCreatedData(d, recipients.length),
    });
    return serializeDistribution(d);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { PLATFORM_FEES_ERRORS } from "./platform-fees.ts";
import { CHECK_RECIPIENT_REFS_ERRORS } from "../split-templates/check-recipient-refs.ts";
import { FIND_SPLIT_TEMPLATE_ERRORS } from "../split-templates/find-split-template.ts";
import { RECIPIENTS_ERRORS } from "../split-templates/recipients.ts";
export const CREATE_DISTRIBUTION_ERRORS = [
  "INVALID_SPLIT",
  ...PLATFORM_FEES_ERRORS,
  ...CHECK_RECIPIENT_REFS_ERRORS,
  ...FIND_SPLIT_TEMPLATE_ERRORS,
  ...RECIPIENTS_ERRORS,
] as const satisfies readonly ErrorCode[];
