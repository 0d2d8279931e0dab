// A portal action's outcome as its form's state: a refusal is the service's message (a 5xx a vague one),
// a success a status line and, for a key, the raw value shown once.
import type { PortalFormState } from "@/components/portal/portal-form";
import type { ActionOutcome } from "@/lib/hosted/action";

export const UNEXPECTED = { message: "Something went wrong on our side. Please try again." };

export const answerOf = <T>(
  out: ActionOutcome<T>,
  prev: PortalFormState,
  success: (value: T) => Pick<PortalFormState, "notice"> & Partial<Pick<PortalFormState, "secret">>,
): PortalFormState =>
  out.ok
    ? { error: null, secret: null, ...success(out.value), attempt: prev.attempt + 1 }
    : { error: out.status >= 500 ? UNEXPECTED.message : out.error, notice: null, secret: null, attempt: prev.attempt + 1 };
