// /portal/{businessId}/helpers: the test helpers as buttons, test mode only: approve a link session,
// complete a checkout, fund a wallet. Each calls the same service as its /v1/test-helpers route (through
// lib/portal, testhelpers:use checked first); live mode, and any live object, is refused with a message.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { HelperSelect } from "@/components/portal/helper-select";
import { PortalForm } from "@/components/portal/portal-form";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TEST_ONLY_MESSAGE } from "@/lib/portal/helper-test-mode";
import { loadPortalHelpers } from "@/lib/portal/load-portal-helpers";
import { requirePortalAccess } from "@/lib/portal/require-portal-access";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { approveSessionAction, completeCheckoutAction, fundWalletAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Test helpers · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

const H2 = ({ id, children }: { id: string; children: string }) => (
  <h2 id={id} className="text-lg font-semibold text-slate-900">
    {children}
  </h2>
);

const HelpersPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}/helpers`;

  if (environment === "live")
    // the role is still checked (a stranger gets 404), but nothing is loaded: helpers do not exist in live
    return portalPage(
      {
        businessId,
        environment,
        current: "helpers",
        load: async (ctx) => ({ member: await requirePortalAccess(ctx, { businessId, permission: "testhelpers:use" }) }),
      },
      (_value, frame) => (
        <PortalPageShell
          {...frame}
          title="Test helpers"
          badge={null}
          intro={
            <>
              <div className="mt-4" data-testid="live-refusal">
                <ErrorNotice>{TEST_ONLY_MESSAGE}</ErrorNotice>
              </div>
              <p className="mt-4 text-sm">
                <a className={textLinkClass} href={envHref(base, "test")}>
                  Open the test helpers in test mode
                </a>
              </p>
            </>
          }
        />
      ),
    );

  return portalPage(
    { businessId, environment, current: "helpers", load: (ctx) => loadPortalHelpers(ctx, { businessId, environment }) },
    ({ games, sessions, grants }, frame) => (
      <PortalPageShell
        {...frame}
        title="Test helpers"
        intro={
          <p className="mt-2 text-sm text-slate-700">
            Act out what a player would do on a hosted page, with the same effects (state, webhooks, ledger entries) as the <code>/v1/test-helpers</code> API.
            Test objects only.
          </p>
        }
      >
        <Card labelledBy="approve-title">
          <H2 id="approve-title">Approve a link session</H2>
          <p className="mt-1 text-sm text-slate-700">The player signs in (an account is made when none exists) and approves the link.</p>
          {sessions.length ? (
            <ul className="mt-4 space-y-3" aria-label="Pending link sessions">
              {sessions.map((s) => (
                <li
                  key={s.sessionKey}
                  className="grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center"
                  data-testid={`session-${s.sessionKey}`}
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-mono text-xs break-all text-slate-900">{s.sessionKey}</p>
                    <p className="text-slate-700">
                      {s.namespace} · {s.prefilledEmail ?? "no email"} · expires {when(s.expiresAt)}
                    </p>
                  </div>
                  <PortalForm
                    action={approveSessionAction.bind(null, { businessId })}
                    label={`Approve session ${s.sessionKey}`}
                    submit="Approve"
                    pendingLabel="Approving…"
                  >
                    <input type="hidden" name="sessionKey" value={s.sessionKey} />
                  </PortalForm>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-700">No pending link sessions right now. Paste a session key below.</p>
          )}
          <div className="mt-4">
            <PortalForm
              action={approveSessionAction.bind(null, { businessId })}
              label="Approve a link session by key"
              submit="Approve session"
              pendingLabel="Approving…"
              variant="secondary"
            >
              <Field id="approve-key" label="Session key">
                {(c) => <Input {...c} name="sessionKey" required autoComplete="off" className="font-mono" />}
              </Field>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id="approve-email" label="Player email (optional)" hint="Default: the prefilled email, or a new test account.">
                  {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
                </Field>
                <Field id="approve-name" label="Player name (optional)">
                  {(c) => <Input {...c} name="name" autoComplete="off" />}
                </Field>
              </div>
            </PortalForm>
          </div>
        </Card>

        <Card labelledBy="checkout-title">
          <H2 id="checkout-title">Complete a checkout</H2>
          <p className="mt-1 text-sm text-slate-700">Pay, decline or cancel a checkout URL as the player would on the hosted page (sandbox card by default).</p>
          {grants.length ? (
            <ul className="mt-4 space-y-3" aria-label="Pending checkouts">
              {grants.map((g) => (
                <li key={g.grantId} className="grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold text-slate-900">
                      {g.item} · {g.game}
                    </p>
                    <p className="text-slate-700">
                      {g.email ?? "guest"} · created {when(g.createdAt)}
                    </p>
                  </div>
                  <PortalForm
                    action={completeCheckoutAction.bind(null, { businessId })}
                    label={`Pay checkout ${g.grantId}`}
                    submit="Pay with test card"
                    pendingLabel="Paying…"
                  >
                    <input type="hidden" name="url" value={g.url} />
                    <input type="hidden" name="outcome" value="succeeded" />
                    <input type="hidden" name="method" value="card" />
                  </PortalForm>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-4">
            <PortalForm
              action={completeCheckoutAction.bind(null, { businessId })}
              label="Complete a checkout by URL"
              submit="Complete checkout"
              pendingLabel="Completing…"
              variant="secondary"
            >
              <Field id="complete-url" label="Checkout URL" hint="A checkoutUrl from a grant, or a url from checkout redirect.">
                {(c) => <Input {...c} name="url" type="url" required autoComplete="off" />}
              </Field>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field id="complete-outcome" label="Outcome">
                  {(c) => (
                    <HelperSelect {...c} name="outcome" defaultValue="succeeded">
                      <option value="succeeded">Succeeded</option>
                      <option value="declined">Declined</option>
                      <option value="canceled">Canceled</option>
                    </HelperSelect>
                  )}
                </Field>
                <Field id="complete-method" label="Method">
                  {(c) => (
                    <HelperSelect {...c} name="method" defaultValue="">
                      <option value="">Default</option>
                      <option value="card">Card</option>
                      <option value="wallet">Wallet</option>
                      <option value="vc">Virtual currency</option>
                    </HelperSelect>
                  )}
                </Field>
                <Field id="complete-email" label="Email (optional)">
                  {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
                </Field>
              </div>
            </PortalForm>
          </div>
        </Card>

        <Card labelledBy="fund-title">
          <H2 id="fund-title">Fund a wallet</H2>
          <p className="mt-1 text-sm text-slate-700">Add test USDC to a linked player&rsquo;s wallet (from the test USDC mint).</p>
          {games.length ? (
            <div className="mt-4">
              <PortalForm action={fundWalletAction.bind(null, { businessId })} label="Fund a wallet" submit="Fund wallet" pendingLabel="Funding…">
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field id="fund-game" label="Game">
                    {(c) => (
                      <HelperSelect {...c} name="gameId" defaultValue={games[0]!.id}>
                        {games.map((g) => (
                          <option key={g.id} value={g.id}>
                            {g.name}
                          </option>
                        ))}
                      </HelperSelect>
                    )}
                  </Field>
                  <Field id="fund-user" label="Player userRef">
                    {(c) => <Input {...c} name="userRef" required autoComplete="off" className="font-mono" />}
                  </Field>
                  <Field id="fund-amount" label="Amount (USDC)" hint="e.g. 25.00">
                    {(c) => <Input {...c} name="amountUsdc" required inputMode="decimal" autoComplete="off" />}
                  </Field>
                </div>
              </PortalForm>
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-700">No test games yet.</p>
          )}
        </Card>
      </PortalPageShell>
    ),
  );
};

export default HelpersPage;
