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
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import type { PortalKey } from "@/lib/portal/load-portal-keys";
import { loadPortalKeys } from "@/lib/portal/load-portal-keys";
import { can } from "@/lib/portal/permissions";
import { timeLeft } from "@/lib/portal/time-left";
import { RevokeKeyButton } from "@/components/portal/revoke-key-button";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { createKeyAction, labelKeyAction, revokeKeyAction, rotateKeyAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-access")("keys.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

/** The words and language a key's rendering needs. */
type Words = { t: Translator; locale: Locale };

const when = (d: Date | null, t: Translator) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : t("keys.never"));

const TONE: Record<PortalKey["status"], "success" | "warning" | "danger"> = { active: "success", rotating: "warning", revoked: "danger" };

/** The key's status; a rotated key says when its grace period ends ("Expires in 6 days 23 hours"). */
const statusLabel = (k: PortalKey, at: Date, { t, locale }: Words) =>
  k.status === "rotating" && k.expiresAt ? t("keys.expiresIn", { left: timeLeft(k.expiresAt, at, locale) }) : t(`keys.status.${k.status}`);

type KeyOwnerView = { name: string; header: string };

const KeyItem = ({ k, businessId, manage, owner, at, w }: { k: PortalKey; businessId: string; manage: boolean; owner: KeyOwnerView; at: Date; w: Words }) => {
  const { t } = w;
  const graceLeft = k.status === "rotating" && k.expiresAt ? timeLeft(k.expiresAt, at, w.locale) : null;
  return (
    <li id={`key-${k.keyId}`} className="scroll-mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`key-${k.keyId}`} data-prefix={k.prefix}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{k.label || t("keys.noLabel")}</p>
        <Badge tone={TONE[k.status]}>{statusLabel(k, at, w)}</Badge>
      </div>
      <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-3">
        <div>
          <dt className="inline text-slate-600">{t("keys.prefix")}</dt>
          <dd className="inline font-mono text-slate-900">{k.prefix}…</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t("keys.created")}</dt>
          <dd className="inline">{when(k.createdAt, t)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t("keys.lastUsed")}</dt>
          <dd className="inline">{when(k.lastUsedAt, t)}</dd>
        </div>
        {k.status === "rotating" ? (
          <div className="sm:col-span-3">
            <dt className="inline text-slate-600">{t("keys.oldWorksUntil")}</dt>
            <dd className="inline">{when(k.expiresAt, t)}</dd>
          </div>
        ) : null}
      </dl>
      {manage && k.status !== "revoked" ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <PortalForm
            action={labelKeyAction.bind(null, { businessId, keyId: k.keyId })}
            label={t("keys.rename", { prefix: k.prefix })}
            submit={t("keys.renameSubmit")}
            pendingLabel={t("keys.saving")}
            variant="secondary"
          >
            <Field id={`label-${k.keyId}`} label={t("keys.label")}>
              {(c) => <Input {...c} name="label" defaultValue={k.label} maxLength={100} autoComplete="off" />}
            </Field>
          </PortalForm>
          {/* kept for a rotated key too: it holds the new raw key until the page is left (rotating again is refused) */}
          <PortalForm
            action={rotateKeyAction.bind(null, { businessId, keyId: k.keyId })}
            label={t("keys.rotate", { prefix: k.prefix })}
            submit={t("keys.rotateSubmit")}
            pendingLabel={t("keys.rotating")}
            variant="secondary"
            secretInDialog
          >
            <Field id={`grace-${k.keyId}`} label={t("keys.grace")}>
              {(c) => <Input {...c} name="gracePeriodDays" defaultValue="7" inputMode="numeric" autoComplete="off" />}
            </Field>
          </PortalForm>
          <RevokeKeyButton
            action={revokeKeyAction.bind(null, { businessId, keyId: k.keyId })}
            words={{
              open: t("keys.revoke.open"),
              asks: t("keys.revoke.asks"),
              title: t("keys.revoke.title", { name: k.label || `${k.prefix}…` }),
              body: t.rich("keys.revoke.body", {
                prefix: k.prefix,
                owner: owner.name,
                header: owner.header,
                code: (chunks) => <code className="font-mono">{chunks}</code>,
                id: (chunks) => <code className="font-mono [overflow-wrap:anywhere]">{chunks}</code>,
              }),
              note: graceLeft ? t("keys.revoke.grace", { left: graceLeft }) : t("keys.revoke.deployFirst"),
              label: t("keys.revoke.label", { prefix: k.prefix }),
              submit: t("keys.revoke.submit"),
              pending: t("keys.revoke.pending"),
              cancel: t("keys.revoke.cancel"),
            }}
          />
        </div>
      ) : null}
    </li>
  );
};

/** One game's or campaign's card: its keys and, for roles that manage keys, the form that makes one (a server key of the game, a campaign key of the campaign). */
const KeySection = ({
  kind,
  owner: { id, name, keys },
  businessId,
  manage,
  at,
  w,
}: {
  kind: "game" | "campaign";
  owner: { id: string; name: string; keys: PortalKey[] };
  businessId: string;
  manage: boolean;
  at: Date;
  w: Words;
}) => {
  const { t } = w;
  return (
    <NamedCard id={`${kind}-${id}`} name={name}>
      <p className="mt-1 text-xs [overflow-wrap:anywhere] text-slate-700">
        {t(kind === "campaign" ? "keys.campaignKeysOf" : "keys.serverKeys")}
        {t("keys.sentWith")}
        <code className="font-mono">
          {kind === "campaign" ? "X-Campaign-Id" : "X-Game-Id"}: {id}
        </code>
      </p>
      {manage ? (
        <div className="mt-4">
          <PortalForm
            action={createKeyAction.bind(null, kind === "campaign" ? { businessId, campaignId: id } : { businessId, gameId: id })}
            label={t(kind === "campaign" ? "keys.createForCampaign" : "keys.createFor", { name })}
            submit={t("keys.createSubmit")}
            pendingLabel={t("keys.creating")}
          >
            <Field id={`new-key-${id}`} label={t("keys.newLabel")}>
              {(c) => <Input {...c} name="label" required maxLength={100} autoComplete="off" />}
            </Field>
          </PortalForm>
        </div>
      ) : null}
      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{t("keys.noKeys")}</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label={t("keys.keysOf", { name })}>
          {keys.map((k) => (
            <KeyItem
              key={k.keyId}
              k={k}
              businessId={businessId}
              manage={manage}
              at={at}
              w={w}
              owner={{
                name: t(kind === "campaign" ? "keys.ownerCampaign" : "keys.ownerGame", { name }),
                header: `${kind === "campaign" ? "X-Campaign-Id" : "X-Game-Id"}: ${id}`,
              }}
            />
          ))}
        </ul>
      )}
    </NamedCard>
  );
};

const KeysPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "keys", load: (ctx) => loadPortalKeys(ctx, { businessId, environment }) },
    ({ member, games, campaigns, at }, frame) => {
      const manage = can(member.permissions, "keys:write");
      const t = getTranslator(frame.locale, "portal-access");
      const w = { t, locale: frame.locale };
      return (
        <PortalPageShell
          {...frame}
          title={t("keys.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("keys.intro", { environment })}</p>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("keys.noGames", { environment })}</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <KeySection key={g.id} kind="game" owner={g} businessId={businessId} manage={manage} at={at} w={w} />
          ))}
          <Card labelledBy="campaign-keys">
            <h2 id="campaign-keys" className="text-xl font-semibold tracking-tight text-slate-900">
              {t("keys.campaignKeys")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t("keys.campaignNote")}</p>
            {campaigns.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("keys.noCampaigns", { environment })}</p> : null}
          </Card>
          {campaigns.map((c) => (
            <KeySection key={c.id} kind="campaign" owner={c} businessId={businessId} manage={manage} at={at} w={w} />
          ))}
          <Card labelledBy="platform-keys">
            <h2 id="platform-keys" className="text-xl font-semibold tracking-tight text-slate-900">
              {t("keys.platformKeys")}
            </h2>
            <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">
              {t.rich("keys.platformNote", {
                link: (chunks) => (
                  <a className={textLinkClass} href={envHref(`/portal/${businessId}/platforms`, environment)}>
                    {chunks}
                  </a>
                ),
                code: (chunks) => <code className="font-mono text-xs">{chunks}</code>,
              })}
            </p>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default KeysPage;
