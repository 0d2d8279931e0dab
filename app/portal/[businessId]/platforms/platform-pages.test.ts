// The platform console's pages and server actions as Next calls them, signed in through the real next-auth
// cookie: the nav shows Platforms to the roles that may read it; registering redirects to the new platform;
// a key's raw value is in the action's answer once; the connected businesses show their activation status
// ("Submitted — in review" for pending); the platform's request log shows its calls. (Attacks by other
// businesses: tests/security/33-platform-console.test.ts.)
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { GET as getMe } from "@/app/api/v1/platform/me/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { grantBusiness } from "@/lib/platform/grant-business";
import { drainRequestLog, setRequestCapture } from "@/lib/request-log/capture-request";
import { call } from "@/tests/support/http";
import { makeBusiness, platformHeaders } from "@/tests/support/platform";
import { makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import OverviewPage from "../page";
import BusinessesPage from "./[platformId]/businesses/page";
import RequestPage from "./[platformId]/logs/[requestId]/page";
import LogsPage from "./[platformId]/logs/page";
import PlatformPage from "./[platformId]/page";
import WebhooksPage from "./[platformId]/webhooks/page";
import { createPlatformKeyAction, registerPlatformAction, requestPlatformScopesAction } from "./actions";
import PlatformsPage from "./page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = () => getDb();
const auth = servePortalAuth(authRoute);

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
};

describe("the platform console's pages", () => {
  it("register a platform (redirected to it), request a scope, make a key shown once, and show it all by role", async () => {
    const t = await makePortalTenant();
    const s = await auth.signInMembers({ developer: t.developer, viewer: t.viewer, finance: t.finance });
    const b = t.business.id;
    expect(await renderPortalPage(s.developer, OverviewPage, { businessId: b })).toContain(">Platforms</a>");
    expect(await renderPortalPage(s.viewer, OverviewPage, { businessId: b })).toContain(">Platforms</a>");
    expect(await renderPortalPage(s.finance, OverviewPage, { businessId: b })).not.toContain(">Platforms</a>");
    expect(await renderPortalPage(s.finance, PlatformsPage, { businessId: b })).toContain("Not available for your role</h1>");

    const empty = await renderPortalPage(s.developer, PlatformsPage, { businessId: b });
    expect(empty).toContain("No platforms yet.");
    expect(empty).toContain("Register platform");
    expect(await renderPortalPage(s.viewer, PlatformsPage, { businessId: b })).not.toContain("Register platform");

    // the action redirects to the new platform's page
    const redirected = await inRequest(s.developer, () =>
      registerPlatformAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Acme Connect", description: "Payouts" })),
    ).catch((e: { digest?: string }) => e);
    const platform = await db().platform.findFirstOrThrow({ where: { ownerBusinessId: b } });
    expect(redirected).toMatchObject({ digest: expect.stringContaining(`/portal/${b}/platforms/${platform.id}`) });
    const refused = await inRequest(s.developer, () => registerPlatformAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "", description: "" })));
    expect(refused.error).toContain("name");

    const ids = { businessId: b, platformId: platform.id };
    const asked = await inRequest(s.developer, () =>
      requestPlatformScopesAction(ids, INITIAL_FORM_STATE, form({ environment: "test", scopes: ["campaign:read"] })),
    );
    expect(asked.notice).toBe("Approved: campaign:read (for test keys).");
    const live = await inRequest(s.developer, () =>
      requestPlatformScopesAction(ids, INITIAL_FORM_STATE, form({ environment: "live", scopes: ["invoice:read"] })),
    );
    expect(live.notice).toContain("An operator reviews live scopes");
    const made = await inRequest(s.developer, () =>
      createPlatformKeyAction(ids, INITIAL_FORM_STATE, form({ label: "backend", environment: "test", scopes: ["platform:read", "campaign:read"] })),
    );
    expect(made).toMatchObject({
      error: null,
      notice: "Key “backend” created (test, 2 scopes).",
      secret: { value: expect.stringMatching(/^service_platform_test_/) },
    });
    const raw = made.secret!.value;

    const page = await renderPortalPage(s.developer, PlatformPage, ids);
    expect(page).toContain("Acme Connect</h1>");
    expect(page).toContain("Create key");
    expect(page).toContain("Pending review");
    expect(page).toContain("invoice:read");
    expect(page).not.toContain(raw);
    // the Test/Live switch keeps the platform
    expect(page).toContain(`href="/portal/${b}/platforms/${platform.id}?env=live"`);
    const viewerPage = await renderPortalPage(s.viewer, PlatformPage, ids);
    expect(viewerPage).toContain("backend");
    expect(viewerPage).not.toContain("Create key");
    expect(viewerPage).not.toContain("Request for review");
    const livePage = await renderPortalPage(s.developer, PlatformPage, ids, { env: "live" });
    expect(livePage).toContain("No live keys yet.");
    expect(await renderPortalPage(s.viewer, WebhooksPage, ids)).toContain("Primary endpoint");
  });

  it("show the connected businesses with their activation status, and the platform's request log", async () => {
    const t = await makePortalTenant();
    const s = await auth.signInMembers({ developer: t.developer, viewer: t.viewer });
    const b = t.business.id;
    await inRequest(s.developer, () => registerPlatformAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Hub", description: "" }))).catch(() => null);
    const platform = await db().platform.findFirstOrThrow({ where: { ownerBusinessId: b } });
    const ids = { businessId: b, platformId: platform.id };
    const pending = await makeBusiness("test");
    const approved = await makeBusiness("test");
    await db().business.update({ where: { id: pending.id }, data: { kybStatus: "pending" } });
    await db().business.update({ where: { id: approved.id }, data: { kybStatus: "approved" } });
    await grantBusiness({ db: db() }, { platformId: platform.id, businessId: pending.id, scopes: ["campaign:read"], source: "invite" });
    await grantBusiness({ db: db() }, { platformId: platform.id, businessId: approved.id, scopes: ["campaign:read"], source: "link_session" });
    const html = await renderPortalPage(s.viewer, BusinessesPage, ids);
    const row = (name: string) => html.slice(html.indexOf(name), html.indexOf("scopes granted", html.indexOf(name)));
    expect(row(pending.name)).toContain("Activation: Submitted — in review");
    expect(row(pending.name)).toContain('Granted by </dt><dd class="inline">Invite');
    expect(row(approved.name)).toContain("Activation: Approved");
    expect(await renderPortalPage(s.viewer, BusinessesPage, ids, { env: "live" })).toContain("No live business has connected yet.");

    const made = await inRequest(s.developer, () =>
      createPlatformKeyAction(ids, INITIAL_FORM_STATE, form({ label: "k", environment: "test", scopes: ["platform:read"] })),
    );
    setRequestCapture(true);
    expect((await call(getMe, { headers: { ...platformHeaders(made.secret!.value), "x-request-id": `hub-${platform.id}` } })).status).toBe(200);
    await drainRequestLog();
    setRequestCapture(undefined);
    const log = await renderPortalPage(s.viewer, LogsPage, ids);
    expect(log).toContain("Hub</h1>");
    expect(log).toContain("Its request log: recent test calls");
    expect(log).toContain("/api/v1/platform/me");
    expect(log).toContain(`/portal/${b}/platforms/${platform.id}/logs/hub-${platform.id}`);
    const detail = await renderPortalPage(s.viewer, RequestPage, { ...ids, requestId: `hub-${platform.id}` });
    expect(detail).toContain(`hub-${platform.id}`);
    expect(detail).not.toContain(made.secret!.value);
  });
});
