import { initials } from "./initials";
import { TestModeBadge } from "./test-mode-badge";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

import type { Merchant } from "@/lib/linking/load-merchant";

export type { Merchant };

/** The image (or a monogram) and name of who the player is dealing with, and a Test mode badge. */
export const MerchantHeader = ({ merchant, locale = DEFAULT_LOCALE }: { merchant: Merchant; locale?: Locale }) => {
  const t = getTranslator(locale, "common");
  return (
    <div className="flex items-center gap-4">
      {merchant.imageUrl ? (
        <img src={merchant.imageUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-xl object-cover ring-1 ring-slate-900/10" />
      ) : (
        <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-lg font-bold text-brand-300">
          {initials(merchant.name)}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t(`merchantKind.${merchant.kind}`)}</p>
        <p className="truncate text-lg font-semibold text-slate-900" title={merchant.name}>
          {merchant.name || t("unnamed")}
        </p>
        {merchant.environment === "test" ? (
          <p className="mt-1">
            <TestModeBadge locale={locale} />
          </p>
        ) : null}
      </div>
    </div>
  );
};
