// The server's translator: `getTranslator(locale, namespace)` returns `t(key, values?)` over the catalog
// messages/<locale>/<namespace>.json (ICU message syntax, use-intl's createTranslator). A missing key is a
// bug the catalog test catches; at run time it logs and shows the key's path rather than breaking the page.
import type { ReactNode } from "react";
import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";
import { MESSAGES, type Namespace } from "../../messages/index.ts";
import type { Locale } from "./locales.ts";

export type { Namespace } from "../../messages/index.ts";
export type TranslationValues = Record<string, string | number | Date>;
/** Values of a rich message: tags (`<strong>…</strong>`) are functions of their content. */
export type RichValues = Record<string, string | number | Date | ((chunks: ReactNode) => ReactNode)>;
/**
 * A translator of one namespace: the message at `key` (dot path) with its ICU placeholders filled from
 * `values`; `rich` also renders the message's tags through the functions of the same name; `has` says
 * whether the key exists.
 */
export type Translator = ((key: string, values?: TranslationValues) => string) & {
  rich: (key: string, values?: RichValues) => ReactNode;
  has: (key: string) => boolean;
};

/** The time zone of every date a message formats itself (`{date, date}`): the server does not know the reader's. */
export const MESSAGE_TIME_ZONE = "UTC";

// One message cache and one set of Intl formatters for the process (use-intl's own, which createTranslator
// otherwise makes anew for each translator): a message with placeholders is parsed once, not once per
// request, and an Intl.NumberFormat/DateTimeFormat is built once per locale and options. And one translator
// per locale and namespace: a page asks for the same few many times (docs/decisions/portal-page-cpu.md).
const intlCache = _createCache();
const intlFormatters = _createIntlFormatters(intlCache);
const translators = new Map<string, Translator>();

export const getTranslator = (locale: Locale, namespace: Namespace): Translator => {
  const id = `${locale}/${namespace}`;
  const known = translators.get(id);
  if (known) return known;
  const t = createTranslator({
    locale,
    messages: { [namespace]: MESSAGES[locale][namespace] } as Record<string, Record<string, unknown>>,
    namespace,
    timeZone: MESSAGE_TIME_ZONE,
    _cache: intlCache,
    _formatters: intlFormatters,
    onError: (error) => console.error(`[i18n] ${locale}/${namespace}:`, error.message),
  }) as unknown as { (key: string, values?: TranslationValues): string; rich: Translator["rich"]; has: Translator["has"] };
  const translate = ((key: string, values?: TranslationValues) => t(key, values)) as Translator;
  translate.rich = (key, values) => t.rich(key, values);
  translate.has = (key) => t.has(key);
  translators.set(id, translate);
  return translate;
};
