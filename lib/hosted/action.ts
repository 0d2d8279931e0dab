// The kernel of the hosted pages' server actions (app/**/actions.ts): read the form through a zod schema
// whose every field is capped by length, resolve the signed-in player, run one service call, and turn an
// AppError into the `{ error, field }` a form shows, all in this one place. It imports nothing from
// next/*: the action itself redirects (or calls notFound) on the outcome, so this stays testable.
import { z } from "zod";
import { getSignedInPlayer, type SignedInPlayer } from "../auth/get-signed-in-player.ts";
import { getDb } from "../db/client.ts";
import { hasReplicas, noteWrite } from "../db/replica.ts";
import { playerCaller } from "./player-caller.ts";
import type { DbClient } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";

/** One field at fault, with its message. */
export type FieldError = { field: string; message: string };
/**
 * What a form shows after a refused submit: one message, and the field it belongs to (null: the whole form);
 * `fieldErrors` lists every field at fault (the form's order for a refused parse, the service's order for an
 * AppError's details), `code` is the AppError's code (null for a refused parse or an unexpected error).
 */
export type FormError = { error: string; field: string | null; status: number; fieldErrors: FieldError[]; code: string | null };
export type ActionOutcome<T> = { ok: true; value: T } | ({ ok: false } & FormError);

/**
 * One text field of a form: missing reads as "", anything else than text (a file) or longer than `max`
 * (+ `slack` forgiven spaces) is refused unread with `message`; `trim` trims what passed.
 */
export const textField = (max: number, message: string, { slack = 0, trim = false }: { slack?: number; trim?: boolean } = {}) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: message })
      .max(max + slack, { error: message })
      .transform((v) => (trim ? v.trim() : v)),
  );

/** The named fields of `form`, as a plain object for `schema` (repeated names: the first value). */
const fieldsOf = (form: FormData, schema: z.ZodObject): Record<string, unknown> =>
  Object.fromEntries(Object.keys(schema.shape).map((name) => [name, form.get(name)]));

/**
 * An AppError as form state: its message, its first detail's field renamed to the form's name for it, and
 * every detail with a field the form knows as a field error (a 5xx names no field).
 */
export const formErrorOf = (err: AppError, fieldOf: (field: string) => string | null = (f) => f): FormError => {
  const fieldErrors =
    err.status < 500
      ? (err.details ?? []).flatMap((d) => {
          const field = d.field ? fieldOf(d.field) : null;
          return field ? [{ field, message: d.message }] : [];
        })
      : [];
  const f = err.details?.[0]?.field;
  return { error: err.message, field: f && err.status < 500 ? fieldOf(f) : null, status: err.status, fieldErrors, code: err.code };
};

/** The first issue of each field of a refused parse, in the schema's field order (then issues on no field). */
const fieldErrorsOf = (issues: z.core.$ZodIssue[], schema: z.ZodObject, fieldOf: (field: string) => string | null): FieldError[] => {
  const order = Object.keys(schema.shape);
  const seen = new Set<string>();
  const out: { field: string; message: string; rank: number }[] = [];
  for (const issue of issues) {
    const name = typeof issue.path[0] === "string" ? issue.path[0] : null;
    const field = name ? fieldOf(name) : null;
    if (!name || !field || seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message, rank: order.indexOf(name) });
  }
  return out.sort((a, b) => a.rank - b.rank).map(({ field, message }) => ({ field, message }));
};

type Run<S extends z.ZodObject, T> = (args: { db: DbClient; input: z.output<S>; player: SignedInPlayer | null }) => Promise<T>;

/**
 * Runs one hosted-page action. Fields that fail `schema` become `{ error, field }` (the first in the form's
 * order) and `fieldErrors` (every field at fault, in the form's order);
 * an AppError thrown by `run` becomes its message and field (`fieldOf` renames a service's field to the
 * form's, or drops it with null). Any other error is logged under `unexpected.log` and answered with
 * `unexpected.message` (status 500); without `unexpected` it propagates (Next's error page).
 * `signedIn` says whether this input needs the signed-in player looked up (default: always).
 * With read replicas, a signed-in player's action marks the player as a writer (noteWrite), so the portal pages it
 * reads next are never older than its own write (app/portal/_lib/page.tsx reads with the same caller).
 */
export const runHostedAction = async <S extends z.ZodObject, T>(opts: {
  schema: S;
  form: FormData;
  run: Run<S, T>;
  signedIn?: (input: z.output<S>) => boolean;
  fieldOf?: (field: string) => string | null;
  unexpected?: { log: string; message: string };
}): Promise<ActionOutcome<T>> => {
  const fieldOf = opts.fieldOf ?? ((f: string) => f);
  const parsed = opts.schema.safeParse(fieldsOf(opts.form, opts.schema));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues, opts.schema, fieldOf);
    const issue = parsed.error.issues[0]!;
    const name = typeof issue.path[0] === "string" ? issue.path[0] : null;
    const first = fieldErrors[0] ?? { field: name ? fieldOf(name) : null, message: issue.message };
    return { ok: false, error: first.message, field: first.field, status: 400, fieldErrors, code: null };
  }
  const input = parsed.data;
  const player = (opts.signedIn?.(input) ?? true) ? await getSignedInPlayer() : null;
  try {
    return { ok: true, value: await opts.run({ db: getDb(), input, player }) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, ...formErrorOf(err, fieldOf) };
    if (!opts.unexpected) throw err;
    console.error(opts.unexpected.log, err);
    return { ok: false, error: opts.unexpected.message, field: null, status: 500, fieldErrors: [], code: null };
  } finally {
    // the player's next replica reads (the portal's pages) wait for this write, refused or not (lib/db/replica.ts)
    if (player && hasReplicas()) await noteWrite(playerCaller(player.playerId)).catch(() => undefined);
  }
};
