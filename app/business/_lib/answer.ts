// What a business page's form shows after its server action: the action redirects back to the page on
// success, and also when the object moved on meanwhile (another tab, expiry), so the page shows where it
// went; any other refusal becomes the form's alert, in the reader's language.
import { redirect } from "next/navigation";
import type { DecisionState } from "@/components/business/decision-form";
import type { ActionOutcome } from "@/lib/hosted/action";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

const SHOW_THE_PAGE = new Set([
  "PLATFORM_LINK_SESSION_NOT_PENDING",
  "PLATFORM_LINK_SESSION_EXPIRED",
  "PLATFORM_INVITE_NOT_PENDING",
  "PLATFORM_INVITE_EXPIRED",
  "GRANT_NOT_ACTIVE",
]);
const TRANSLATED = new Set(["ADMIN_SIGN_IN_REQUIRED", "BUSINESS_NOT_FOUND", "GRANT_ALREADY_ACTIVE", "GRANT_NOT_FOUND", "PLATFORM_INVITE_NOT_FOUND"]);

export const answerOf = async (out: ActionOutcome<unknown>, page: string, prev: DecisionState): Promise<DecisionState> => {
  if (out.ok || (out.code && SHOW_THE_PAGE.has(out.code))) redirect(page);
  const t = getTranslator(await getRequestLocale(), "platform");
  const error =
    out.code && TRANSLATED.has(out.code)
      ? t(`errors.${out.code}`)
      : out.status >= 500
        ? t("errors.unexpected")
        : out.code === null
          ? t("errors.invalidChoice") // a refused parse: the form's hidden values were tampered with
          : out.error;
  return { error, attempt: prev.attempt + 1 };
};
