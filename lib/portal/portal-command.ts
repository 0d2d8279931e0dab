// The portal's one way to change something, beside the API's route(): a declaration of the permission, what
// the command acts on, the form schema, the service it calls and the audit entry it writes. In order:
//   1. access: the member's roles grant `permission` (require-portal-access.ts: 401 ADMIN_SIGN_IN_REQUIRED,
//      404 BUSINESS_NOT_FOUND, 403 PORTAL_ROLE_REQUIRED), or the command's own `access` check;
//   2. load: the object acted on (a game, a key, ...), another business's being its 404, before the form is read;
//   3. input: the form (as `form` maps it) parsed once with the schema, the API's own where there is one
//      (400 VALIDATION_ERROR "Invalid body: …" naming each field, lib/core/validation.ts);
//   4. run and audit: the service, then the member's audit entries from its result, in one transaction (a
//      failing service writes no entry; an entry that cannot be written undoes the change);
//   5. after: work after the commit (a mail), whose answer is then the command's.
// The command is a function (ctx, params) => result, called by the server actions in app/portal/**.
import type { z } from "zod";
import { recordAudit, type AuditInput } from "../audit/record-audit.ts";
import type { Environment } from "../core/environment.ts";
import { parseOrThrow } from "../core/validation.ts";
import { inTransaction, type TxContext } from "../db/transaction.ts";
import type { PortalPermission } from "./permissions.ts";
import { requirePortalAccess, type PortalContext, type PortalMember } from "./require-portal-access.ts";

/** Who acts: the member (or, for a command outside any business, the signed-in player's verified email). */
export type PortalActor = { email: string };

/** An audit entry as a command returns it: the actor is the member; the business defaults to `params.businessId`. */
export type PortalAuditEntry = Omit<AuditInput, "actor" | "businessId" | "environment"> & { businessId?: string; environment: Environment };

/** What `run` is given: the member's context, its `db` the command's transaction (in "service" mode: the client). */
export type PortalTxContext = PortalContext & TxContext;

/** What `form`, `run`, `audit` and `after` are given besides the context. */
export type PortalCall<P, I, T, M extends PortalActor = PortalMember> = {
  /** what the server action passed (the ids bound by the page and the form's text) */
  params: P;
  /** the form as the schema parsed it */
  input: I;
  member: M;
  /** what `load` found */
  target: T;
};

export type PortalCommandDefinition<P, S extends z.ZodType, T, R, Out, M extends PortalActor> = {
  /** the permission the member's roles must grant in `params.businessId` */
  permission?: PortalPermission;
  /** instead of `permission`, for a command outside any business (creating one): who may act, or an AppError */
  access?: (ctx: PortalContext, params: P) => Promise<M>;
  /** the object the command acts on, found after the access check and before the form is read (outside the transaction) */
  load?: (ctx: PortalContext, params: P, member: M) => Promise<T>;
  /** the form schema: parsed once; a refusal is 400 VALIDATION_ERROR naming each field (none: a button with no form) */
  input?: S;
  /** the form's text as the schema's input (default: `params`); it may refuse with its own AppError */
  form?: (params: P, target: T, member: M) => unknown;
  /** the service; `ctx.db` is the command's transaction */
  run: (ctx: PortalTxContext, call: PortalCall<P, z.output<S>, T, M>) => Promise<R>;
  /** the audit entries of the result: one, several, or none (null) */
  audit: (result: R, call: PortalCall<P, z.output<S>, T, M>) => PortalAuditEntry | PortalAuditEntry[] | null;
  /**
   * "service": the service commits on its own (it records a refusal before throwing it, so a surrounding
   * transaction would undo what it must keep): `run` gets the command's context, and the audit entries are
   * written once it returned. Default "command": run and audit share one transaction.
   */
  transaction?: "command" | "service";
  /** after the commit: its answer is the command's (default: the result of `run`) */
  after?: (ctx: PortalContext, result: R, call: PortalCall<P, z.output<S>, T, M>) => Out | Promise<Out>;
};

const businessIdOf = (params: unknown): string | undefined =>
  params !== null && typeof params === "object" && typeof (params as { businessId?: unknown }).businessId === "string"
    ? (params as { businessId: string }).businessId
    : undefined;

/** Writes the entries on `ctx.db` (one statement each: a command writes one or two). */
const writeAudit = async (ctx: Pick<PortalContext, "db">, entries: AuditInput[]) => {
  for (const entry of entries) await recordAudit(ctx, entry);
};

const auditInputs = (entries: PortalAuditEntry | PortalAuditEntry[] | null, actor: PortalActor, params: unknown): AuditInput[] =>
  (entries === null ? [] : Array.isArray(entries) ? entries : [entries]).map((e) => {
    const businessId = e.businessId ?? businessIdOf(params);
    if (!businessId) throw new Error(`The audit entry "${e.action}" names no business.`);
    return { ...e, businessId, actor: { type: "member", email: actor.email } };
  });

/**
 * A portal command: `(ctx, params) => result`. `params.businessId` is the business acted in (unless the
 * definition has its own `access`); see the steps at the top of this file.
 */
export const portalCommand = <P extends object, R, S extends z.ZodType = z.ZodUndefined, T = undefined, Out = R, M extends PortalActor = PortalMember>(
  def: PortalCommandDefinition<P, S, T, R, Out, M>,
): ((ctx: PortalContext, params: P) => Promise<Out>) => {
  if (!def.permission === !def.access) throw new Error("A portal command names either a permission or its own access check.");
  return async (ctx, params) => {
    const member = def.access
      ? await def.access(ctx, params)
      : ((await requirePortalAccess(ctx, { businessId: businessIdOf(params) ?? "", permission: def.permission! })) as unknown as M);
    const target = (def.load ? await def.load(ctx, params, member) : undefined) as T;
    const input: z.output<S> = def.input ? parseOrThrow(def.input, def.form ? def.form(params, target, member) : params, "body") : (undefined as z.output<S>);
    const call = { params, input, member, target };
    let result: R;
    if (def.transaction === "service") {
      // the client has every method of a transaction's (a service that opens one gets its own)
      result = await def.run(ctx as PortalTxContext, call);
      await writeAudit(ctx, auditInputs(def.audit(result, call), member, params));
    } else {
      result = await inTransaction(ctx.db, async (tx) => {
        const out = await def.run({ ...ctx, db: tx }, call);
        await writeAudit({ db: tx }, auditInputs(def.audit(out, call), member, params));
        return out;
      });
    }
    return def.after ? await def.after(ctx, result, call) : (result as unknown as Out);
  };
};
