// The platform console (issue 28) in the portal. Attacks: another business's member, its owner included, opens
// or changes a platform it did not register, through the pages and through forged server-action calls (its own
// business id with our platform id, or our business id); a viewer makes a key; a forged form gives a key a
// scope the platform lacks (or a name that is no scope, or a live key a test-only scope); the raw key shows up
// a second time (the page, the audit log). Rule: every page and action checks the member's permission and that
// Platform.ownerBusinessId is the portal's business (404 otherwise), keys get only approved scopes, and a raw
// key exists only in the answer that made it.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { GET as getMe } from "@/app/api/v1/platform/me/route";
import BusinessesPage from "@/app/portal/[businessId]/platforms/[platformId]/businesses/page";
import RequestPage from "@/app/portal/[businessId]/platforms/[platformId]/logs/[requestId]/page";
import LogsPage from "@/app/portal/[businessId]/platforms/[platformId]/logs/page";
import PlatformPage from "@/app/portal/[businessId]/platforms/[platformId]/page";
import WebhooksPage from "@/app/portal/[businessId]/platforms/[platformId]/webhooks/page";
import {
  createPlatformKeyAction,
  registerPlatformAction,
  requestPlatformScopesAction,
  revokePlatformKeyAction,
  rotatePlatformKeyAction,
} from "@/app/portal/[businessId]/platforms/actions";
import PlatformsPage from "@/app/portal/[businessId]/platforms/page";
import {
  createEndpointAction,
  deleteEndpointAction,
  recoverAction,
  resendDeliveryAction,
  revealSecretAction,
  rotateSecretAction,
  sendTestAction,
  setEndpointEnabledAction,
  updateEndpointAction,
} from "@/app/portal/[businessId]/webhooks/actions";
import { INITIAL_FORM_STATE, type PortalFormState } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { createPlatform } from "@/lib/platform/create-platform";
import { createPortalPlatformKey } from "@/lib/portal/create-portal-platform-key";
import { createPortalWebhookEndpoint } from "@/lib/portal/create-portal-webhook-endpoint";
import { registerPortalPlatform } from "@/lib/portal/register-portal-platform";
import { requestPortalPlatformScopes } from "@/lib/portal/request-portal-platform-scopes";
import { sendPortalWebhookTest } from "@/lib/portal/send-portal-webhook-test";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { call } from "@/tests/support/http";
import { makeBusinessAdmin, platformHeaders } from "@/tests/support/platform";
import { as, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = () => getDb();
const auth = servePortalAuth(authRoute);

/** A form with these fields; a list is one entry per value (the scope checkboxes). */
const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
};

/**
 * A business with a registered platform (a test scope approved, a test key, a webhook endpoint with one
 * delivery, one logged call), and the other business's owner and admin, our viewer and developer, signed in.
 */
const tenant = async () => {
  const t = await makePortalTenant();
  const otherOwner = await makeBusinessAdmin(t.other.id, { roles: [], isOwner: true });
  const ids = {
    businessId: t.business.id,
    platformId: (await registerPortalPlatform(as(t.developer), { businessId: t.business.id, name: "Ours" })).platformId,
  };
  await requestPortalPlatformScopes(as(t.developer), { ...ids, environment: "test", scopes: ["campaign:read"] });
  const key = await createPortalPlatformKey(as(t.developer), { ...ids, environment: "test", label: "ours", scopes: ["platform:read"] });
  const endpoint = await createPortalWebhookEndpoint(as(t.developer), { ...ids, url: "https://hooks.example.com/ours", eventTypes: "" });
  const sent = await sendPortalWebhookTest(as(t.developer), { ...ids, endpointId: endpoint.endpointId });
  setRequestCapture(true);
  expect((await call(getMe, { headers: { ...platformHeaders(key.rawKey), "x-request-id": `ours-${key.keyId}` } })).status).toBe(200);
  await drainRequestLog();
  setRequestCapture(undefined);
  const signedIn = await auth.signInMembers({ otherOwner, stranger: t.stranger, viewer: t.viewer, developer: t.developer });
  return { t, ids, key, endpoint, sent, requestId: `ours-${key.keyId}`, ...signedIn };
};

/** Everything a change to the platform could touch. */
const stateOf = async (platformId: string, businessIds: string[]) => ({
  platform: await db().platform.findUniqueOrThrow({ where: { id: platformId } }),
  keys: await db().apiKey.findMany({ where: { platformId }, orderBy: { id: "asc" } }),
  requests: await db().platformScopeRequest.count({ where: { platformId } }),
  endpoints: await db().webhookEndpoint.findMany({ where: { ownerType: "platform", ownerId: platformId }, orderBy: { id: "asc" } }),
  deliveries: await db().webhookDelivery.count({ where: { event: { ownerType: "platform", ownerId: platformId } } }),
  audit: await db().auditEntry.count({ where: { businessId: { in: businessIds } } }),
});

const is404 = { digest: expect.stringContaining("404") };

describe("another business's platform is invisible", () => {
  it("every page of our platform is a 404 for the other business's owner and admin, under either business id", async () => {
    const s = await tenant();
    const { businessId, platformId } = s.ids;
    for (const who of ["otherOwner", "stranger"] as const) {
      for (const bizId of [businessId, s.t.other.id]) {
        const params = { businessId: bizId, platformId };
        for (const [name, page] of Object.entries({ PlatformPage, WebhooksPage, BusinessesPage, LogsPage })) {
          await expect(renderPortalPage(s[who], page, params), `${name} as ${who} under ${bizId === businessId ? "ours" : "theirs"}`).rejects.toMatchObject(
            is404,
          );
        }
        await expect(renderPortalPage(s[who], RequestPage, { ...params, requestId: s.requestId })).rejects.toMatchObject(is404);
      }
      // their own list does not show it
      const theirs = await renderPortalPage(s[who], PlatformsPage, { businessId: s.t.other.id });
      expect(theirs).toContain("Platforms</h1>");
      expect(theirs).not.toContain(platformId);
      expect(theirs).not.toContain("Ours");
    }
    // our own members see it (viewer: read-only)
    const seen = await renderPortalPage(s.viewer, PlatformPage, s.ids);
    expect(seen).toContain("Ours</h1>");
    expect(seen).toContain(`${s.key.prefix}…`);
    expect(seen).not.toContain("Create key");
    expect(seen).not.toContain("Revoke");
  });

  it("every action on our platform, forged with either business id, is refused as not found and changes nothing", async () => {
    const s = await tenant();
    const { platformId } = s.ids;
    const before = await stateOf(platformId, [s.ids.businessId, s.t.other.id]);
    const actions = (businessId: string): Record<string, () => Promise<PortalFormState>> => {
      const onPlatform = { businessId, platformId };
      const onKey = { ...onPlatform, keyId: s.key.keyId };
      const onEndpoint = { ...onPlatform, endpointId: s.endpoint.endpointId };
      const E = INITIAL_FORM_STATE;
      return {
        createKey: () => createPlatformKeyAction(onPlatform, E, form({ label: "x", environment: "test", scopes: ["platform:read"] })),
        rotateKey: () => rotatePlatformKeyAction(onKey, E, form({ gracePeriodDays: "1" })),
        revokeKey: () => revokePlatformKeyAction(onKey, E, form({ confirm: "revoke" })),
        requestScopes: () => requestPlatformScopesAction(onPlatform, E, form({ environment: "test", scopes: ["invoice:read"] })),
        addEndpoint: () => createEndpointAction(onPlatform, E, form({ url: "https://evil.example.com/h", eventTypes: "", description: "" })),
        updateEndpoint: () => updateEndpointAction(onEndpoint, E, form({ url: "https://evil.example.com/h", eventTypes: "", description: "" })),
        disableEndpoint: () => setEndpointEnabledAction(onEndpoint, E, form({ enabled: "no" })),
        deleteEndpoint: () => deleteEndpointAction(onEndpoint, E, form({})),
        revealSecret: () => revealSecretAction(onEndpoint, E, form({})),
        rotateSecret: () => rotateSecretAction(onEndpoint, E, form({})),
        sendTest: () => sendTestAction(onEndpoint, E, form({})),
        recover: () => recoverAction(onEndpoint, E, form({ since: "2026-01-01T00:00" })),
        resend: () => resendDeliveryAction({ ...onPlatform, deliveryId: s.sent.deliveryId }, E, form({})),
      };
    };
    for (const who of ["otherOwner", "stranger"] as const) {
      for (const [name, run] of Object.entries(actions(s.t.other.id)))
        expect(await inRequest(s[who], run), `${name} as ${who} under their business`).toMatchObject({
          error: "This platform was not found.",
          secret: null,
          notice: null,
        });
      for (const [name, run] of Object.entries(actions(s.ids.businessId)))
        expect(await inRequest(s[who], run), `${name} as ${who} under ours`).toMatchObject({
          error: "This business was not found.",
          secret: null,
          notice: null,
        });
    }
    expect(await stateOf(platformId, [s.ids.businessId, s.t.other.id])).toEqual(before);
  });

  it("a platform made outside the portal (no owner business) is not anyone's in the portal", async () => {
    const s = await tenant();
    const loose = await createPlatform({ db: db() }, { name: "Loose" });
    await expect(renderPortalPage(s.developer, PlatformPage, { businessId: s.ids.businessId, platformId: loose.id })).rejects.toMatchObject(is404);
    const out = await inRequest(s.developer, () =>
      createPlatformKeyAction(
        { businessId: s.ids.businessId, platformId: loose.id },
        INITIAL_FORM_STATE,
        form({ label: "x", environment: "test", scopes: ["platform:read"] }),
      ),
    );
    expect(out.error).toBe("This platform was not found.");
    expect(await db().apiKey.count({ where: { platformId: loose.id } })).toBe(0);
  });
});

describe("keys made in the console", () => {
  it("a viewer cannot create, rotate or revoke keys nor request scopes", async () => {
    const s = await tenant();
    const before = await stateOf(s.ids.platformId, [s.ids.businessId]);
    const E = INITIAL_FORM_STATE;
    for (const run of [
      () => createPlatformKeyAction(s.ids, E, form({ label: "x", environment: "test", scopes: ["platform:read"] })),
      () => rotatePlatformKeyAction({ ...s.ids, keyId: s.key.keyId }, E, form({ gracePeriodDays: "1" })),
      () => revokePlatformKeyAction({ ...s.ids, keyId: s.key.keyId }, E, form({ confirm: "revoke" })),
      () => requestPlatformScopesAction(s.ids, E, form({ environment: "live", scopes: ["invoice:read"] })),
      () => registerPlatformAction({ businessId: s.ids.businessId }, E, form({ name: "Mine now", description: "" })),
    ])
      expect((await inRequest(s.viewer, run)).error).toMatch(/^Your role \(viewer\) does not allow this/);
    expect(await stateOf(s.ids.platformId, [s.ids.businessId])).toEqual(before);
    expect(await db().platform.count({ where: { ownerBusinessId: s.ids.businessId } })).toBe(1);
  });

  it("a forged form cannot give a key a scope the platform lacks, a made-up scope, or a live key a test-only scope", async () => {
    const s = await tenant();
    const before = await stateOf(s.ids.platformId, [s.ids.businessId]);
    const create = (fields: Record<string, string | string[]>) =>
      inRequest(s.developer, () => createPlatformKeyAction(s.ids, INITIAL_FORM_STATE, form({ label: "forged", ...fields })));
    expect(await create({ environment: "test", scopes: ["platform:read", "invoice:create"] })).toMatchObject({
      error: "The platform is not approved for invoice:create in test mode. Request it first.",
      secret: null,
    });
    expect(await create({ environment: "live", scopes: ["campaign:read"] })).toMatchObject({
      error: "The platform is not approved for campaign:read in live mode. Request it first.",
      secret: null,
    });
    expect((await create({ environment: "test", scopes: ["*"] })).error).toContain("requestedScopes");
    expect((await create({ environment: "test", scopes: Array.from({ length: 80 }, () => "platform:read") })).error).toContain("requestedScopes");
    expect((await create({ environment: "staging", scopes: ["platform:read"] })).error).toContain("environment");
    expect(await stateOf(s.ids.platformId, [s.ids.businessId])).toEqual(before);
  });

  it("shows the raw key once: in the answer that made it, never on the page, in the audit log or in a later answer", async () => {
    const s = await tenant();
    const made = await inRequest(s.developer, () =>
      createPlatformKeyAction(s.ids, INITIAL_FORM_STATE, form({ label: "once", environment: "test", scopes: ["platform:read", "campaign:read"] })),
    );
    const raw = made.secret!.value;
    expect(raw).toMatch(/^service_platform_test_/);
    expect((await call(getMe, { headers: platformHeaders(raw) })).body.keyInfo.activeScopes).toEqual(["platform:read", "campaign:read"]);
    const row = await db().apiKey.findFirstOrThrow({ where: { platformId: s.ids.platformId, label: "once" } });

    const rotated = await inRequest(s.developer, () =>
      rotatePlatformKeyAction({ ...s.ids, keyId: row.id }, INITIAL_FORM_STATE, form({ gracePeriodDays: "2" })),
    );
    const newRaw = rotated.secret!.value;
    expect(newRaw).not.toBe(raw);
    // rotating it again is refused: no second look at a raw key
    expect(
      await inRequest(s.developer, () => rotatePlatformKeyAction({ ...s.ids, keyId: row.id }, INITIAL_FORM_STATE, form({ gracePeriodDays: "2" }))),
    ).toMatchObject({
      secret: null,
      error: expect.stringContaining("already rotated"),
    });
    for (const who of ["developer", "viewer"] as const) {
      const page = await renderPortalPage(s[who], PlatformPage, s.ids);
      expect(page).toContain(`${row.prefix}…`);
      expect(page).not.toContain(raw);
      expect(page).not.toContain(newRaw);
    }
    const audit = JSON.stringify(await db().auditEntry.findMany({ where: { businessId: s.ids.businessId } }));
    expect(audit).toContain(row.prefix);
    expect(audit).not.toContain(raw);
    expect(audit).not.toContain(newRaw);
    expect(audit).not.toContain(s.key.rawKey);
  });
});
