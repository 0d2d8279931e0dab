// The roles of a member as a group of checkboxes (one field per role, role_owner, role_admin, …), each with
// a one-line description of what the role may do. Each choice is a 44px target.
import { PORTAL_ROLES, type PortalRole } from "@/lib/portal/permissions";

const ROLE_HINT: Record<PortalRole, string> = {
  owner: "everything, including owners",
  admin: "everything except owners",
  developer: "games, keys, webhooks, catalogue",
  finance: "ledger, cashouts, audit log",
  viewer: "reads everything, changes nothing",
};

export const MembersRoleCheckboxes = ({ idPrefix, checked = [], legend = "Roles" }: { idPrefix: string; checked?: readonly PortalRole[]; legend?: string }) => (
  <fieldset className="min-w-0">
    <legend className="text-sm font-medium text-[var(--ui-label)]">{legend}</legend>
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
            <span className="font-medium capitalize">{r}</span> <span className="text-slate-600">· {ROLE_HINT[r]}</span>
          </span>
        </label>
      ))}
    </div>
  </fieldset>
);
