// A console server action: the bound ids and the form's text fields (files and repeated names ignored) go to
// one operatorCommand (lib/operator/operator-command.ts: the guard first, then the form, then the service and
// its operator action in one transaction). The guard's 404 is Next's 404 for anyone but an operator with the
// second factor; another refusal is the form's alert; a success refreshes the console and says what happened.
import { revalidatePath } from "next/cache";
import type { OperatorFormState } from "@/components/operator/operator-form";
import { AppError } from "@/lib/core/errors";
import type { OperatorRequest } from "@/lib/operator/require-operator";
import { operatorRequest, orNotFound } from "./request";

const UNEXPECTED = "Something went wrong on our side. Please try again.";

const textFields = (form: FormData, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, typeof form.get(n) === "string" ? (form.get(n) as string).slice(0, 10_000) : ""]));

export const operatorAction =
  <B extends object, T>(
    fields: readonly string[],
    command: (req: OperatorRequest, params: B & Record<string, string>) => Promise<T>,
    success: (value: T) => string,
    { doing }: { doing: string },
  ) =>
  async (bound: B, prev: OperatorFormState, form: FormData): Promise<OperatorFormState> => {
    const req = await operatorRequest();
    try {
      const value = await orNotFound(() => command(req, { ...textFields(form, fields), ...bound }));
      revalidatePath("/operator", "layout");
      return { error: null, notice: success(value), codes: null, attempt: prev.attempt + 1 };
    } catch (err) {
      if (err instanceof AppError) return { error: err.status >= 500 ? UNEXPECTED : err.message, notice: null, codes: null, attempt: prev.attempt + 1 };
      // notFound()'s own error, and anything Next throws to redirect, pass through
      if (err instanceof Error && "digest" in err) throw err;
      console.error(`[operator] ${doing} failed:`, err);
      return { error: UNEXPECTED, notice: null, codes: null, attempt: prev.attempt + 1 };
    }
  };
