// The landing page: what Coinop is, for developers, in the browser's language. It keeps its own title
// (the hosted pages name their game instead).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ButtonLink, linkClass } from "@/components/ui/button-link";
import { CodeBlock } from "@/components/ui/code-block";
import { Logo } from "@/components/ui/logo";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator, type Translator } from "@/lib/i18n/translator";

export const generateMetadata = async (): Promise<Metadata> => {
  const t = getTranslator(await getRequestLocale(), "home");
  return {
    title: { absolute: t("meta.title") },
    description: t("meta.description"),
    applicationName: "Coinop",
    openGraph: { title: t("meta.title"), description: t("meta.description"), siteName: "Coinop", type: "website" },
  };
};

const FEATURES = ["ledger", "checkout", "linking", "campaigns", "platform", "webhooks"] as const;

const QUICK_START = `npm install
npm run dev     # http://localhost:3000
npm run seed    # another terminal: test keys
npm test`;

const APIS: { key: "game" | "campaign" | "platform"; path: string }[] = [
  { key: "game", path: "/api/v1/…" },
  { key: "campaign", path: "/api/v1/campaign/{id}/…" },
  { key: "platform", path: "/api/v1/platform/…" },
];

const FIRST_CALL = `curl http://localhost:3000/api/v1/game \\
  -H "Authorization: Bearer $SERVER_KEY" \\
  -H "X-Game-Id: $GAME_ID"`;

/** Links on the light sections: a dark focus ring (the brand-400 one of the dark header is too pale on white). */
const lightLinkClass = "rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

const code = (chunks: ReactNode) => <code className="rounded bg-slate-200 px-1 py-0.5 text-sm">{chunks}</code>;

const ApiFamilies = ({ t }: { t: Translator }) => (
  <section aria-labelledby="apis" className="min-w-0 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
    <h2 id="apis" className="text-sm font-semibold tracking-wide text-slate-300">
      {t("apis.title")}
    </h2>
    <ul className="mt-4 divide-y divide-white/10">
      {APIS.map((api) => (
        <li key={api.key} className="py-4 first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-white">{t(`apis.${api.key}.name`)}</span>
            <span className="text-xs text-slate-400">{t(`apis.${api.key}.caller`)}</span>
          </p>
          <p className="mt-1 font-mono text-[13px] break-all text-brand-300">{api.path}</p>
          <p className="mt-1 text-sm text-slate-400">{t(`apis.${api.key}.auth`)}</p>
        </li>
      ))}
    </ul>
  </section>
);

const Home = async () => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "home");
  const skip = getTranslator(locale, "common")("skipToContent");
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
      >
        {skip}
      </a>
      <header className="bg-slate-950 text-white">
        <nav aria-label={t("nav.label")} className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
          <a href="/" className={`flex items-center gap-3 text-lg font-bold tracking-tight ${linkClass}`}>
            <Logo />
            Coinop
          </a>
          <ul className="flex items-center gap-1 text-sm font-medium text-slate-300 sm:gap-4">
            <li>
              <a
                href="/portal"
                className={`inline-flex min-h-11 items-center px-2 py-1 font-semibold whitespace-nowrap text-white hover:text-brand-100 ${linkClass}`}
              >
                {t("nav.portal")}
              </a>
            </li>
            <li>
              <a href="/docs" className={`inline-flex min-h-11 items-center px-2 py-1 whitespace-nowrap hover:text-white ${linkClass}`}>
                {t("nav.reference")}
              </a>
            </li>
            {/* on a phone the OpenAPI link stays in the hero and the footer: the bar keeps one line */}
            <li className="hidden sm:block">
              <a href="/api/v1/openapi.json" className={`inline-flex min-h-11 items-center px-2 py-1 hover:text-white ${linkClass}`}>
                {t("nav.openapi")}
              </a>
            </li>
          </ul>
        </nav>
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-10 pb-20 sm:pt-16 sm:pb-28 lg:grid-cols-[3fr_2fr]">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">{t("hero.eyebrow")}</p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{t("hero.title")}</h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-300">{t("hero.body")}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ButtonLink href="/portal?mode=signup" primary>
                {t("hero.signUp")} <span aria-hidden="true">→</span>
              </ButtonLink>
              <ButtonLink href="/portal">{t("hero.signIn")}</ButtonLink>
            </div>
            <p className="mt-4 max-w-2xl text-sm text-slate-400">{t("hero.portalNote")}</p>
            <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
              <a href="/docs" className={`inline-flex min-h-11 items-center text-brand-300 hover:text-white ${linkClass}`}>
                {t("hero.readReference")} <span aria-hidden="true">&nbsp;→</span>
              </a>
              <a href="/api/v1/openapi.json" className={`inline-flex min-h-11 items-center text-brand-300 hover:text-white ${linkClass}`}>
                {t("hero.download")}
              </a>
            </p>
          </div>
          <ApiFamilies t={t} />
        </div>
      </header>

      <main id="main">
        <section aria-labelledby="features" className="mx-auto max-w-6xl px-6 py-20">
          <h2 id="features" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("features.title")}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">{t("features.intro")}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                <h3 className="font-semibold text-slate-900">{t(`features.${f}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(`features.${f}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="quick-start" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-10 px-6 py-20 lg:grid-cols-2">
            <div className="min-w-0">
              <h2 id="quick-start" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t("quickStart.title")}
              </h2>
              <p className="mt-3 text-slate-600">{t.rich("quickStart.body", { code })}</p>
              <div className="mt-6">
                <CodeBlock label={t("quickStart.label")} regionLabel={t("codeRegion", { label: t("quickStart.label") })} code={QUICK_START} />
              </div>
            </div>
            <div className="min-w-0">
              <h2 id="first-call" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t("firstCall.title")}
              </h2>
              <p className="mt-3 text-slate-600">{t.rich("firstCall.body", { code })}</p>
              <div className="mt-6">
                <CodeBlock label={t("firstCall.label")} regionLabel={t("codeRegion", { label: t("firstCall.label") })} code={FIRST_CALL} />
              </div>
              <p className="mt-4 text-sm text-slate-600">
                {t.rich("firstCall.more", {
                  link: (chunks) => (
                    <a href="/docs" className={`font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${lightLinkClass}`}>
                      {chunks}
                    </a>
                  ),
                })}
              </p>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-6 py-8 text-sm text-slate-600 sm:flex-row sm:justify-between">
          <p>{t("footer.version")}</p>
          <p>
            <a href="/docs" className={`hover:text-slate-900 ${lightLinkClass}`}>
              /docs
            </a>
            {" · "}
            <a href="/api/v1/openapi.json" className={`hover:text-slate-900 ${lightLinkClass}`}>
              /api/v1/openapi.json
            </a>
          </p>
        </div>
      </footer>
    </>
  );
};

export default Home;
