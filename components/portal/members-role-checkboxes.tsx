// The roles of a member as a group of checkboxes (one field per role, role_owner, role_admin, …), each with
// a one-line description of what the role may do, in `locale` (messages/<locale>/portal-access.json). Each
// choice is a 44px target.
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { PORTAL_ROLES, type PortalRole } from "@/lib/portal/permissions";

export const MembersRoleCheckboxes = ({
  idPrefix,
  checked = [],
  legend,
  locale = DEFAULT_LOCALE,
}: {
  idPrefix: string;
  checked?: readonly PortalRole[];
  legend?: string;
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-access");
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-[var(--ui-label)]">{legend ?? t("members.rolesLegend")}</legend>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
        {PORTAL_ROLES.map((r) => (
          <label key={r} htmlFor={`${idPrefix}-${r}`} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
            <input
              id={`${idPrefix}-${r}`}
              type="checkbox"
              name={`role_${r}`}
              value="yes"
              defaultChecked={checked.includes(r)}
              className="size-5 shrink-0 accent-slate-900"
            />
            <span>
              <span className="font-medium capitalize">{t(`members.roleNames.${r}`)}</span>{" "}
              <span className="text-slate-600">· {t(`members.roleHints.${r}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};
