import { ButtonLink, linkClass } from "@/components/ui/button-link";
import { CodeBlock } from "@/components/ui/code-block";
import { Logo } from "@/components/ui/logo";

const FEATURES: { title: string; body: string }[] = [
  { title: "Virtual currency ledger", body: "Double-entry balances per game: credits, debits and transfers that never go negative and always sum to zero." },
  { title: "Catalogue and checkout", body: "Products, deals and hosted checkout pages, themed per game, paid in test mode or through Stripe." },
  { title: "Player account linking", body: "Players approve a link once; your server then addresses them by an opaque userRef." },
  { title: "Campaigns and rewards", body: "Funded campaigns that record player events and pay rewards from their own budget." },
  { title: "Platform API", body: "Partner platforms act for businesses that granted them scopes, with USDC custody and distributions." },
  { title: "Signed webhooks", body: "Every change is an outbox event, delivered with an HMAC signature and retried for more than a day." },
];

const QUICK_START = `npm install
npm run dev     # http://localhost:3000
npm run seed    # another terminal: test keys
npm test`;

const APIS: { name: string; caller: string; auth: string; path: string }[] = [
  { name: "Game API", caller: "Game servers", auth: "Server key + X-Game-Id", path: "/api/v1/…" },
  { name: "Campaign API", caller: "Campaign operators", auth: "Campaign key + X-Campaign-Id", path: "/api/v1/campaign/{id}/…" },
  { name: "Platform API", caller: "Partner platforms", auth: "Platform key, scoped grants", path: "/api/v1/platform/…" },
];

const FIRST_CALL = `curl http://localhost:3000/api/v1/game \\
  -H "Authorization: Bearer $SERVER_KEY" \\
  -H "X-Game-Id: $GAME_ID"`;

const ApiFamilies = () => (
  <section aria-labelledby="apis" className="min-w-0 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
    <h2 id="apis" className="text-sm font-semibold tracking-wide text-slate-300">
      Three APIs, one service
    </h2>
    <ul className="mt-4 divide-y divide-white/10">
      {APIS.map((api) => (
        <li key={api.name} className="py-4 first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-white">{api.name}</span>
            <span className="text-xs text-slate-400">{api.caller}</span>
          </p>
          <p className="mt-1 font-mono text-[13px] break-all text-brand-300">{api.path}</p>
          <p className="mt-1 text-sm text-slate-400">{api.auth}</p>
        </li>
      ))}
    </ul>
  </section>
);

const Home = () => (
  <>
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2">
      Skip to content
    </a>
    <header className="bg-slate-950 text-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <a href="/" className={`flex items-center gap-3 text-lg font-bold tracking-tight ${linkClass}`}>
          <Logo />
          Coinop
        </a>
        <ul className="flex items-center gap-1 text-sm font-medium text-slate-300 sm:gap-4">
          <li>
            <a href="/docs" className={`px-2 py-1 hover:text-white ${linkClass}`}>
              API reference
            </a>
          </li>
          <li>
            <a href="/api/v1/openapi.json" className={`px-2 py-1 hover:text-white ${linkClass}`}>
              OpenAPI
            </a>
          </li>
        </ul>
      </nav>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-10 pb-20 sm:pt-16 sm:pb-28 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">Self-hosted · Open API · PostgreSQL</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">The commerce and rewards backend for your game</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-300">
            Coinop gives game servers a virtual-currency ledger, a product catalogue with hosted checkout, player account linking and funded reward campaigns,
            behind one versioned HTTP API. Partner platforms get their own API to act for the businesses that trust them.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/docs" primary>
              Read the API reference <span aria-hidden="true">→</span>
            </ButtonLink>
            <ButtonLink href="/api/v1/openapi.json">Download openapi.json</ButtonLink>
          </div>
        </div>
        <ApiFamilies />
      </div>
    </header>

    <main id="main">
      <section aria-labelledby="features" className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="features" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What you get
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          One service, one database. Every endpoint is idempotent where money moves, scoped to your game, and documented from the same schemas that validate it.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{f.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quick-start" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-6 py-20 lg:grid-cols-2">
          <div className="min-w-0">
            <h2 id="quick-start" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Quick start
            </h2>
            <p className="mt-3 text-slate-600">
              Node 22.12 or later. Nothing else to install: without <code className="rounded bg-slate-200 px-1 py-0.5 text-sm">DATABASE_URL</code>, Coinop runs
              its own PostgreSQL under <code className="rounded bg-slate-200 px-1 py-0.5 text-sm">.data/</code>.
            </p>
            <div className="mt-6">
              <CodeBlock label="Terminal" code={QUICK_START} />
            </div>
          </div>
          <div className="min-w-0">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">First API call</h2>
            <p className="mt-3 text-slate-600">
              Game servers authenticate with a server key and name their game. Paths are the spec&apos;s, under{" "}
              <code className="rounded bg-slate-200 px-1 py-0.5 text-sm">/api</code>.
            </p>
            <div className="mt-6">
              <CodeBlock label="Shell" code={FIRST_CALL} />
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Every endpoint, with request and response schemas, is in the{" "}
              <a href="/docs" className={`font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${linkClass}`}>
                API reference
              </a>
              .
            </p>
          </div>
        </div>
      </section>
    </main>

    <footer className="border-t border-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-6 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between">
        <p>Coinop API v1</p>
        <p>
          <a href="/docs" className={`hover:text-slate-900 ${linkClass}`}>
            /docs
          </a>
          {" · "}
          <a href="/api/v1/openapi.json" className={`hover:text-slate-900 ${linkClass}`}>
            /api/v1/openapi.json
          </a>
        </p>
      </div>
    </footer>
  </>
);

export default Home;
