// People and access in the developer portal, in a real browser against the production build: a new
// developer signs up on /portal, confirms the email from the dev outbox, creates a business (and owns it),
// invites a member (the invitation lands in the outbox with a link to /portal), changes the member's roles,
// sees those changes in the audit log, filters it and downloads the CSV. Every page fits the width and passes
// axe, on the desktop (the phone: portal-phone.spec; the audit log's table scrolls inside its own box).
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { auditPortalPage } from "./portal-support";
import { asNewVisitor, expectHostedPageBasics, openNewestMail, signUpOnForm, uniqueEmail, verifyEmailFromOutbox } from "./support";

test.describe.configure({ timeout: 240_000 });

test("a new developer signs up, creates a business, invites a member, and sees it all in the audit log and its CSV", async ({ page, request }) => {
  const email = uniqueEmail("founder");
  const password = "correct-horse-battery-staple";
  const businessName = `Members Studio ${email.slice(8, 16)}`;
  const invitee = uniqueEmail("teammate");
  await asNewVisitor(page);

  // sign up on the portal's sign-in card and confirm the email from the outbox
  await page.goto("/portal");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the developer portal" })).toBeVisible();
  await signUpOnForm(page, { email, password });
  await verifyEmailFromOutbox(page, { email, password });
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your businesses" })).toBeVisible();
  await expect(page.getByText(`${email} is not a member of any business yet.`)).toBeVisible();
  await expectHostedPageBasics(page);
  await auditPortalPage(page, "members-no-business");
  // a business the developer is not a member of (here: none) is a not-found page, and its tab says so
  await page.goto("/portal/not-a-business-of-yours");
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(page).toHaveTitle("Not found · Developer portal");
  await page.goto("/portal");

  // create a business: a clash is a form error, then the real one
  const create = page.getByRole("form", { name: "Create a business" });
  await create.getByLabel("Business name").fill("   ");
  await create.getByRole("button", { name: "Create business" }).click();
  await expect(create.getByRole("alert")).toHaveText("Invalid body: name must not be empty.");
  await create.getByLabel("Business name").fill(businessName);
  await create.getByRole("button", { name: "Create business" }).click();
  await expect(page).toHaveURL(/\/portal\/[^/?]+$/);
  const businessId = new URL(page.url()).pathname.split("/")[2]!;
  await page.goto("/portal");
  await expect(page.getByRole("link", { name: businessName })).toBeVisible();
  const again = page.getByRole("form", { name: "Create a business" });
  await again.getByLabel("Business name").fill(businessName.toUpperCase());
  await again.getByRole("button", { name: "Create business" }).click();
  await expect(again.getByRole("alert")).toContainText("already exists in the test environment");
  await auditPortalPage(page, "members-business-clash");

  // the members page: the founder is the owner; invite a teammate as developer
  await page.goto(`/portal/${businessId}/members`);
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
  const me = page.getByTestId(`member-${email}`);
  await expect(me).toContainText("(you)");
  await expect(me.getByTestId("member-roles")).toHaveText("owner");
  await expect(me).toContainText("Joined");
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${invitee} (developer).`);
  await page.reload();
  const mate = page.getByTestId(`member-${invitee}`);
  await expect(mate.getByTestId("member-roles")).toHaveText("developer");
  await expect(mate).toContainText("Invitation pending");
  // inviting the same email again is a clear refusal
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("alert")).toHaveText(`${invitee} is already a member of this business: change its roles instead.`);
  await expectHostedPageBasics(page);
  await auditPortalPage(page, "members");

  // change the teammate's roles to finance + viewer
  await mate.getByText("Change roles or remove").click();
  const roles = page.getByRole("form", { name: `Roles of ${invitee}` });
  await roles.getByLabel(/^developer/i).uncheck();
  await roles.getByLabel(/^finance/i).check();
  await roles.getByLabel(/^viewer/i).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  await expect(roles.getByRole("status")).toHaveText(`${invitee} is now finance, viewer.`);
  await page.reload();
  await expect(page.getByTestId(`member-${invitee}`).getByTestId("member-roles")).toHaveText("finance, viewer");

  // the invitation mail, with its link to the portal
  await openNewestMail(page, invitee, `You are invited to ${businessName} on Coinop`);
  await expect(page.getByRole("link", { name: /\/portal$/ })).toBeVisible();

  // the audit log shows the three changes, newest first; filter on members
  await page.goto(`/portal/${businessId}/audit`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("member.roles_changed");
  await expect(rows.nth(1)).toContainText("member.invited");
  await expect(rows.nth(2)).toContainText("business.created");
  await expect(rows.nth(0)).toContainText(email);
  await expectHostedPageBasics(page);
  await auditPortalPage(page, "audit");
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action contains").fill("member.");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=member\./);
  await expect(rows).toHaveCount(2);

  // the CSV of the filtered view
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-${businessId}-test-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(csv[0]).toBe("time,environment,actor_type,actor,actor_id,action,object_type,object_id,request_id,details");
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain(`,member,${email},${email},member.roles_changed,business_member,`);
  expect(csv[2]).toContain(`,member,${email},${email},member.invited,business_member,`);

  // signed out (a request without the browser's session), the export is refused
  const res = await request.get(`/portal/${businessId}/audit/export`);
  expect(res.status()).toBe(401);
});
