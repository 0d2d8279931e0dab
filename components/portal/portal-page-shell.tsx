// The frame and title card of a /portal/{businessId}/… page (app/portal/_lib/page.tsx loads the page and
// hands it the frame): the portal's frame with the member's business, roles and nav, then a card with the
// page's heading, the environment's badge and what the page says first, then the page's other cards.
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import type { PortalMember } from "@/lib/portal/require-portal-access";
import { EnvironmentBadge } from "./environment-badge";
import { PortalFrame, type NavKey } from "./portal-frame";

/**
 * Who is signed in, as which member, in which environment and on which nav item, in which language (and the
 * account's own choice of it, null: the browser's): what a page's frame shows.
 */
export type PortalShellFrame = {
  email: string;
  member: PortalMember;
  environment: Environment;
  current: NavKey;
  locale: Locale;
  languageSetting: string | null;
};

/**
 * A portal page: the frame (the member's business, roles and nav), then its title card (a back link, the
 * heading and, unless told otherwise, the environment's badge; `intro` below them), then `children`.
 * Without a `title` the page draws its own first card, and the back link stands above it.
 */
export const PortalPageShell = ({
  email,
  member,
  environment,
  current,
  locale,
  languageSetting,
  title,
  badge = <EnvironmentBadge environment={environment} locale={locale} />,
  back,
  intro,
  here,
  translated = false,
  children,
}: PortalShellFrame & {
  title?: ReactNode;
  badge?: ReactNode;
  back?: { href: string; label: string };
  intro?: ReactNode;
  /** where the Test/Live switch leads (PortalFrame) */
  here?: string;
  /** the page's own words come from the "portal" catalog; otherwise they are English, and marked so (`lang="en"`) */
  translated?: boolean;
  children?: ReactNode;
}) => (
  <PortalFrame
    email={email}
    business={member.business}
    roles={member.roles}
    permissions={member.permissions}
    environment={environment}
    current={current}
    here={here}
    locale={locale}
    contentLang={translated ? undefined : "en"}
    languageSetting={languageSetting}
  >
    {title === undefined ? (
      back ? (
        <p>
          <a className={textLinkClass} href={back.href}>
            ← {back.label}
          </a>
        </p>
      ) : null
    ) : (
      <Card labelledBy="title">
        {back ? (
          <p className="mb-2 text-sm">
            <a className={textLinkClass} href={back.href}>
              ← {back.label}
            </a>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {title}
          </h1>
          {badge}
        </div>
        {intro}
      </Card>
    )}
    {children}
  </PortalFrame>
);
