// /portal/{businessId}/keys: the server keys of each game and the campaign keys of each campaign of the
// selected environment (one KeySection each): prefix, label, status, creation and last use. Roles that may
// manage keys create one (the raw value shown once, with a copy button), rename, rotate (the old key keeps
// working for a grace period) and revoke. Platform keys belong to a platform: a note points to the Platforms
// page (the platform console) and the platform API.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { PortalKey } from "@/lib/portal/load-portal-keys";
import { loadPortalKeys } from "@/lib/portal/load-portal-keys";
import { can } from "@/lib/portal/permissions";
import { timeLeft } from "@/lib/portal/time-left";
import { RevokeKeyButton } from "@/components/portal/revoke-key-button";
import { portalPage } from "../../_lib/page";
import { createKeyAction, labelKeyAction, revokeKeyAction, rotateKeyAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "API keys · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "Never");

const STATUS: Record<PortalKey["status"], { label: string; tone: "success" | "warning" | "danger" }> = {
  active: { label: "Active", tone: "success" },
  rotating: { label: "Rotated", tone: "warning" },
  revoked: { label: "Revoked", tone: "danger" },
};

/** The key's status; a rotated key says when its grace period ends ("Expires in 6 days 23 hours"). */
const statusLabel = (k: PortalKey, at: Date) => (k.status === "rotating" && k.expiresAt ? `Expires in ${timeLeft(k.expiresAt, at)}` : STATUS[k.status].label);

type KeyOwnerView = { name: string; header: string };

const KeyItem = ({ k, businessId, manage, owner, at }: { k: PortalKey; businessId: string; manage: boolean; owner: KeyOwnerView; at: Date }) => (
  <li id={`key-${k.keyId}`} className="scroll-mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`key-${k.keyId}`} data-prefix={k.prefix}>
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{k.label || "(no label)"}</p>
      <Badge tone={STATUS[k.status].tone}>{statusLabel(k, at)}</Badge>
    </div>
    <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-3">
      <div>
        <dt className="inline text-slate-600">Prefix </dt>
        <dd className="inline font-mono text-slate-900">{k.prefix}…</dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Created </dt>
        <dd className="inline">{when(k.createdAt)}</dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Last used </dt>
        <dd className="inline">{when(k.lastUsedAt)}</dd>
      </div>
      {k.status === "rotating" ? (
        <div className="sm:col-span-3">
          <dt className="inline text-slate-600">Old key works until </dt>
          <dd className="inline">{when(k.expiresAt)}</dd>
        </div>
      ) : null}
    </dl>
    {manage && k.status !== "revoked" ? (
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <PortalForm
          action={labelKeyAction.bind(null, { businessId, keyId: k.keyId })}
          label={`Rename key ${k.prefix}`}
          submit="Rename"
          pendingLabel="Saving…"
          variant="secondary"
        >
          <Field id={`label-${k.keyId}`} label="Label">
            {(c) => <Input {...c} name="label" defaultValue={k.label} maxLength={100} autoComplete="off" />}
          </Field>
        </PortalForm>
        {/* kept for a rotated key too: it holds the new raw key until the page is left (rotating again is refused) */}
        <PortalForm
          action={rotateKeyAction.bind(null, { businessId, keyId: k.keyId })}
          label={`Rotate key ${k.prefix}`}
          submit="Rotate"
          pendingLabel="Rotating…"
          variant="secondary"
          secretInDialog
        >
          <Field id={`grace-${k.keyId}`} label="Grace period (days)">
            {(c) => <Input {...c} name="gracePeriodDays" defaultValue="7" inputMode="numeric" autoComplete="off" />}
          </Field>
        </PortalForm>
        <RevokeKeyButton
          action={revokeKeyAction.bind(null, { businessId, keyId: k.keyId })}
          label={k.label}
          prefix={k.prefix}
          owner={owner.name}
          header={owner.header}
          graceLeft={k.status === "rotating" && k.expiresAt ? timeLeft(k.expiresAt, at) : null}
        />
      </div>
    ) : null}
  </li>
);

/** One game's or campaign's card: its keys and, for roles that manage keys, the form that makes one (a server key of the game, a campaign key of the campaign). */
const KeySection = ({
  kind,
  owner: { id, name, keys },
  businessId,
  manage,
  at,
}: {
  kind: "game" | "campaign";
  owner: { id: string; name: string; keys: PortalKey[] };
  businessId: string;
  manage: boolean;
  at: Date;
}) => (
  <NamedCard id={`${kind}-${id}`} name={name}>
    <p className="mt-1 text-xs [overflow-wrap:anywhere] text-slate-700">
      {kind === "campaign" ? "Campaign keys" : "Server keys"}, sent with{" "}
      <code className="font-mono">
        {kind === "campaign" ? "X-Campaign-Id" : "X-Game-Id"}: {id}
      </code>
    </p>
    {manage ? (
      <div className="mt-4">
        <PortalForm
          action={createKeyAction.bind(null, kind === "campaign" ? { businessId, campaignId: id } : { businessId, gameId: id })}
          label={kind === "campaign" ? `Create a key for campaign ${name}` : `Create a key for ${name}`}
          submit="Create key"
          pendingLabel="Creating…"
        >
          <Field id={`new-key-${id}`} label="Label of the new key">
            {(c) => <Input {...c} name="label" required maxLength={100} autoComplete="off" />}
          </Field>
        </PortalForm>
      </div>
    ) : null}
    {keys.length === 0 ? (
      <p className="mt-4 text-sm text-slate-700">No keys yet.</p>
    ) : (
      <ul className="mt-4 space-y-3" aria-label={`Keys of ${name}`}>
        {keys.map((k) => (
          <KeyItem
            key={k.keyId}
            k={k}
            businessId={businessId}
            manage={manage}
            at={at}
            owner={{ name: kind === "campaign" ? `campaign ${name}` : `game ${name}`, header: `${kind === "campaign" ? "X-Campaign-Id" : "X-Game-Id"}: ${id}` }}
          />
        ))}
      </ul>
    )}
  </NamedCard>
);

const KeysPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "keys", load: (ctx) => loadPortalKeys(ctx, { businessId, environment }) },
    ({ member, games, campaigns, at }, frame) => {
      const manage = can(member.permissions, "keys:write");
      return (
        <PortalPageShell
          {...frame}
          title="API keys"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Server keys of your {environment} games and campaign keys of your {environment} campaigns. A key is shown once, when it is made; afterwards only
                its prefix.
              </p>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet: create one on the Games page.</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <KeySection key={g.id} kind="game" owner={g} businessId={businessId} manage={manage} at={at} />
          ))}
          <Card labelledBy="campaign-keys">
            <h2 id="campaign-keys" className="text-xl font-semibold tracking-tight text-slate-900">
              Campaign keys
            </h2>
            <p className="mt-2 text-sm text-slate-700">A campaign key calls the campaign API (/v1/campaign/…) for its own campaign, sent with X-Campaign-Id.</p>
            {campaigns.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} campaigns yet.</p> : null}
          </Card>
          {campaigns.map((c) => (
            <KeySection key={c.id} kind="campaign" owner={c} businessId={businessId} manage={manage} at={at} />
          ))}
          <Card labelledBy="platform-keys">
            <h2 id="platform-keys" className="text-xl font-semibold tracking-tight text-slate-900">
              Platform keys
            </h2>
            <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">
              Platform keys belong to a platform. The platforms your business registered, with their test and live keys and scopes, are on the{" "}
              <a className={textLinkClass} href={envHref(`/portal/${businessId}/platforms`, environment)}>
                Platforms page
              </a>
              ; a platform can also manage its keys with the platform API (<code className="font-mono text-xs">/v1/platform/me/keys</code>).
            </p>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default KeysPage;
