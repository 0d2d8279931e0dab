/** A translator of the "checkout" namespace (lib/i18n/translator.ts on the server, use-intl's useTranslations in the browser). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
