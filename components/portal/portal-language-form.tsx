// The portal's language control, at the foot of every signed-in portal page: a plain form (no script of its
// own) posted as a whole page to /portal/language (app/portal/language/route.tsx), which saves the account's
// language and comes back to the page, now in that language. Each language is named in its own words.
import { focusRing } from "@/components/ui/classes";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

const AUTONYM: Record<Locale, string> = { en: "English", fr: "Français" };

export const PortalLanguageForm = ({ locale, setting, back }: { locale: Locale; setting: string | null; back: string }) => {
  const t = getTranslator(locale, "portal");
  return (
    <form
      method="post"
      action="/portal/language"
      aria-label={t("language.title")}
      className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-2 px-4 pb-2 text-sm"
    >
      <input type="hidden" name="back" value={back} />
      <label htmlFor="portal-language" className="font-medium text-slate-700">
        {t("language.label")}
      </label>
      <select
        id="portal-language"
        name="locale"
        defaultValue={setting ?? ""}
        className={`min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 ${focusRing}`}
      >
        <option value="">{t("language.browser")}</option>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {AUTONYM[l]}
          </option>
        ))}
      </select>
      <button type="submit" className={`min-h-11 rounded-lg bg-slate-900 px-3 font-semibold text-white hover:bg-slate-700 ${focusRing}`}>
        {t("language.save")}
      </button>
    </form>
  );
};
