// A portal action's outcome as its form's state: a refusal is the service's message (a 5xx a vague one),
// a success a status line and, for a key, the raw value shown once. `portalAction` declares a whole server
// action: the form's schema, the one lib/portal service it calls (which checks the member's role first and
// records the audit entry) and the line a success shows.
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, type ActionOutcome } from "@/lib/hosted/action";
import type { PortalContext } from "@/lib/portal/require-portal-access";

export const UNEXPECTED = { message: "Something went wrong on our side. Please try again." };

type Success = Pick<PortalFormState, "notice"> & Partial<Pick<PortalFormState, "secret">>;

export const answerOf = <T>(out: ActionOutcome<T>, prev: PortalFormState, success: (value: T) => Success): PortalFormState =>
  out.ok
    ? { error: null, secret: null, ...success(out.value), attempt: prev.attempt + 1 }
    : { error: out.status >= 500 ? UNEXPECTED.message : out.error, notice: null, secret: null, attempt: prev.attempt + 1 };

/** What the page binds to an action (`action.bind(null, bound)`): the business, and the game, key, … it acts on. */
export type Bound = { businessId: string };

export type PortalActionOptions<B extends Bound, T> = {
  /** what the action does, for the server log of an unexpected failure ("creating a game") */
  doing: string;
  /**
   * The path revalidated after a success (default: every page of the business); null: none (the helpers'
   * answers stay beside the button that was pressed; a revealed secret changes nothing).
   */
  refresh?: ((bound: B) => { path: string; type?: "layout" | "page" }) | null;
  /** after a success and its refresh: e.g. a redirect */
  then?: (value: T, bound: B) => void;
  /** renames a service's field to the form's, or drops it (null): the form's error then belongs to the whole form */
  fieldOf?: (field: string) => string | null;
  /** a refusal also lists every field at fault (the form shows each message under its field) */
  fieldErrors?: boolean;
};

const businessPages = ({ businessId }: Bound) => ({ path: `/portal/${businessId}`, type: "layout" as const });

/**
 * One portal server action: the form parsed with `schema` (every field capped) through the hosted action
 * kernel, the signed-in player resolved, `run` calls one lib/portal service with the page's bound values
 * (the service checks the role and writes the audit entry); an AppError becomes the form's error, anything
 * else a vague message (and a log line); a success refreshes the business's pages and shows `success`.
 */
export const portalAction =
  <S extends z.ZodObject, B extends Bound, T>(
    schema: S,
    run: (ctx: PortalContext, input: z.output<S>, bound: B, form: FormData) => Promise<T>,
    success: (value: T, bound: B) => Success,
    { doing, refresh = businessPages, then, fieldOf, fieldErrors = false }: PortalActionOptions<B, T>,
  ) =>
  async (bound: B, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
    const out = await runHostedAction({
      schema,
      form,
      fieldOf,
      run: ({ db, player, input }) => run({ db, player }, input, bound, form),
      unexpected: { log: `[portal] ${doing} failed:`, message: UNEXPECTED.message },
    });
    if (out.ok) {
      if (refresh) {
        const { path, type } = refresh(bound);
        revalidatePath(path, type);
      }
      then?.(out.value, bound);
    }
    const answer = answerOf(out, prev, (value) => success(value, bound));
    return fieldErrors && !out.ok && out.status < 500 && out.fieldErrors.length ? { ...answer, fieldErrors: out.fieldErrors } : answer;
  };
