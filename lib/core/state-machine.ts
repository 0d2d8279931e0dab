// One state-machine helper for every lifecycle (purchases, grants, invites, link sessions, products,
// subscriptions, campaigns). Each domain keeps its own table in its *-states.ts file:
//   action → { from: the states it may start from, to: the state it leads to, ...the domain's extras }
// and moves rows only through guardedTransition, whose write is conditional on the current state
// (`updateMany where { id, state: { in: from } }`): of two racing transitions of one row exactly one
// changes it, and the other re-reads the row and gets a 409 naming the state it found.
// Generic on purpose: it knows no table, column or database client; the caller supplies the write.
import { AppError, conflict, type CodeWithStatus } from "./errors.ts";

/** One row of a state table. Tables add their own fields (event, stamp, needsUnexpired…). */
export type Transition<S extends string> = { readonly from: readonly S[]; readonly to: S };

/** A state table: every action with the states it starts from and the state it leads to. */
export type StateTable<A extends string, S extends string> = { readonly [K in A]: Transition<S> };

/** Whether `action` may start from `state` (a raw column value: anything outside the table is refused). */
export const canTransition = <A extends string, S extends string>(table: StateTable<A, S>, state: string, action: A): boolean =>
  (table[action].from as readonly string[]).includes(state);

/** The default refusal: 409 `code`, "<what> is <state>; only a <from> one can be <to>." */
export const transitionConflict = (code: CodeWithStatus<409>, what: string, state: string, t: Transition<string>): AppError =>
  conflict(code, `${what} is ${state}; only a ${t.from.join(" or ")} one can be ${t.to}.`);

/** The state `action` leads to from `state`, or `refuse(state)` thrown. */
export const nextState = <A extends string, S extends string>(table: StateTable<A, S>, state: string, action: A, refuse: (state: string) => AppError): S => {
  if (!canTransition(table, state, action)) throw refuse(state);
  return table[action].to;
};

/** What a conditional write reports: Prisma's updateMany payload, or the rows updateManyAndReturn gave back. */
export type TransitionWriteResult<R> = { count: number } | readonly R[];

export type GuardedTransitionIo<S extends string, R> = {
  /**
   * The conditional write: change the row only where its state is one of `from` (plus any further
   * guard, such as "not expired"), setting it to `to`. E.g.
   * `(from, to) => tx.x.updateMany({ where: { id, status: { in: [...from] } }, data: { status: to } })`.
   */
  write: (from: readonly S[], to: S) => Promise<TransitionWriteResult<R>>;
  /** Reads the row's state after a write that changed nothing; null when the row is gone. */
  current: () => Promise<string | null>;
  /** The error for a refused transition, given the state found (null: no row). */
  refuse: (state: string | null) => AppError;
};

/**
 * Performs `action` on one row, safe under races. The write is conditional on the table's source states;
 * when it changes nothing (the row was never in such a state, or a concurrent transaction moved it
 * first), the row is re-read and `refuse(current state)` is thrown. Returns the updated row when the
 * write returned rows (updateManyAndReturn), else undefined, and the state reached.
 */
export const guardedTransition = async <A extends string, S extends string, R = never>(
  table: StateTable<A, S>,
  action: A,
  io: GuardedTransitionIo<S, R>,
): Promise<{ to: S; row: R | undefined }> => {
  const t = table[action];
  const result = await io.write(t.from, t.to);
  const rows = Array.isArray(result) ? (result as readonly R[]) : null;
  const count = rows ? rows.length : (result as { count: number }).count;
  if (count === 0) throw io.refuse(await io.current());
  return { to: t.to, row: rows?.[0] };
};
