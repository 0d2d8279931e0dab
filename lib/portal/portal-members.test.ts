// People and access in the developer portal, against PostgreSQL as the pages and actions call them: a
// developer creates a business (and owns it), owners and admins invite, change roles and remove members,
// with the rules (roles from PORTAL_ROLES, the last owner stays, nobody changes their own membership, only
// owners touch owners, a duplicate invite is 409); every refusal changes nothing; every change is audited.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { makePlayer, mailsTo, uniquePlayerEmail } from "@/tests/support/players";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { as, makePortalMembers } from "@/tests/support/portal";
import { changeMemberRoles } from "./change-member-roles";
import { createPortalBusiness } from "./create-portal-business";
import { invitePortalMember } from "./invite-portal-member";
import { listPortalBusinesses } from "./list-portal-businesses";
import { loadPortalMembers } from "./load-portal-members";
import { removePortalMember } from "./remove-portal-member";

const db = getDb();

/** A business with one member of each role and a stranger (tests/support/portal.ts); `rowOf` reads a member's row. */
const team = async () => {
  const business = await makeBusiness("test");
  const other = await makeBusiness("test");
  const rowOf = async (email: string) => db.businessMember.findUniqueOrThrow({ where: { businessId_email: { businessId: business.id, email } } });
  return { business, other, ...(await makePortalMembers(business.id, other.id)), rowOf };
};

const membersSnapshot = (businessId: string) =>
  db.businessMember.findMany({ where: { businessId }, orderBy: { id: "asc" }, select: { id: true, email: true, roles: true, isOwner: true } });
const auditsOf = (businessId: string) => db.auditEntry.findMany({ where: { businessId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("create a business from the portal", () => {
  it("makes a test business with the developer as its verified owner, audited", async () => {
    const player = await makePlayer();
    const me = { playerId: player.id, email: player.email };
    expect(await listPortalBusinesses({ db }, { player: me })).toEqual([]);
    const name = `Studio ${player.id}`;
    const created = await createPortalBusiness(as(me), { name: `  ${name} ` });
    expect(created).toEqual({ businessId: expect.any(String), name, environment: "test" });
    const members = await db.businessMember.findMany({ where: { businessId: created.businessId } });
    expect(members).toEqual([expect.objectContaining({ email: player.email, playerId: player.id, isOwner: true, roles: [] })]);
    expect(await listPortalBusinesses({ db }, { player: me })).toEqual([
      expect.objectContaining({ business: { id: created.businessId, name, environment: "test" }, roles: ["owner"] }),
    ]);
    expect(await auditsOf(created.businessId)).toEqual([
      expect.objectContaining({
        environment: "test",
        actorType: "member",
        actorId: player.email,
        action: "business.created",
        objectType: "business",
        objectId: created.businessId,
        details: { name },
      }),
    ]);
    // the owner sees the members page as joined
    const page = await loadPortalMembers(as(me), { businessId: created.businessId });
    expect(page.members).toEqual([expect.objectContaining({ email: player.email, roles: ["owner"], owner: true, joined: true, isYou: true })]);
  });

  it("answers a name clash (any case, same environment) with 409 BUSINESS_NAME_TAKEN on the name field, creating nothing", async () => {
    const a = await makePlayer();
    const b = await makePlayer();
    const name = `Clash ${a.id}`;
    await createPortalBusiness(as({ playerId: a.id, email: a.email }), { name });
    const before = await db.business.count();
    await expect(createPortalBusiness(as({ playerId: b.id, email: b.email }), { name: name.toUpperCase() })).rejects.toMatchObject({
      code: "BUSINESS_NAME_TAKEN",
      status: 409,
      details: [{ field: "name", message: "is taken: choose another name" }],
    });
    expect(await db.business.count()).toBe(before);
    expect(await db.businessMember.count({ where: { email: b.email } })).toBe(0);
  });

  it("refuses nobody signed in (401), an unverified email (401) and an empty name (400)", async () => {
    await expect(createPortalBusiness(as(null), { name: "X" })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    const guest = await makePlayer({ password: null });
    await expect(createPortalBusiness(as({ playerId: guest.id, email: guest.email }), { name: `G ${guest.id}` })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
    const p = await makePlayer();
    await expect(createPortalBusiness(as({ playerId: p.id, email: p.email }), { name: "   " })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [{ field: "name", message: "must not be empty" }],
    });
    expect(await db.businessMember.count({ where: { email: { in: [guest.email, p.email] } } })).toBe(0);
  });
});

describe("the members page", () => {
  it("lists members with roles, owner and joined/pending for every role that may read it; 404 a stranger, 401 nobody", async () => {
    const t = await team();
    await db.businessMember.create({ data: { id: `pending_${t.business.id}`, businessId: t.business.id, email: "later@example.com", roles: ["viewer"] } });
    const page = await loadPortalMembers(as(t.viewer), { businessId: t.business.id });
    expect(page.members.map((m) => [m.email, m.roles, m.owner, m.joined, m.isYou])).toEqual([
      [t.owner.email, ["owner"], true, true, false],
      [t.admin.email, ["admin"], false, true, false],
      [t.developer.email, ["developer"], false, true, false],
      [t.finance.email, ["finance"], false, true, false],
      [t.viewer.email, ["viewer"], false, true, true],
      ["later@example.com", ["viewer"], false, false, false],
    ]);
    expect((await loadPortalMembers(as(t.finance), { businessId: t.business.id })).members).toHaveLength(6);
    await expect(loadPortalMembers(as(t.stranger), { businessId: t.business.id })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(loadPortalMembers(as(null), { businessId: t.business.id })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
  });
});

describe("invite a member", () => {
  it("adds a pending member with the roles, mails the invitation with a link to /portal, and audits it", async () => {
    const t = await team();
    const email = uniquePlayerEmail("invitee");
    const out = await invitePortalMember(as(t.admin), {
      businessId: t.business.id,
      email: `  ${email.toUpperCase()} `,
      roles: ["viewer", "developer", "viewer"],
    });
    expect(out).toEqual({ memberId: expect.any(String), email, roles: ["developer", "viewer"], mailSent: true });
    expect(await t.rowOf(email)).toMatchObject({ id: out.memberId, roles: ["developer", "viewer"], isOwner: false, playerId: null });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You are invited to ${t.business.name} on Coinop`);
    expect(mails[0]!.text).toContain(`${t.admin.email} invited you to the Coinop developer portal of ${t.business.name}, as developer, viewer.`);
    expect(mails[0]!.text).toMatch(/https?:\/\/\S+\/portal\n/);
    expect(await auditsOf(t.business.id)).toEqual([
      expect.objectContaining({
        actorType: "member",
        actorId: t.admin.email,
        action: "member.invited",
        objectType: "business_member",
        objectId: out.memberId,
        details: { email, roles: ["developer", "viewer"] },
      }),
    ]);
    // the invited person signs up with the email: the business is theirs with those roles, and they show as joined
    const invitee = await makePlayer({ email });
    expect(await listPortalBusinesses({ db }, { player: { playerId: invitee.id, email } })).toEqual([
      expect.objectContaining({ business: expect.objectContaining({ id: t.business.id }), roles: ["developer", "viewer"] }),
    ]);
    expect((await loadPortalMembers(as(t.owner), { businessId: t.business.id })).members.find((m) => m.email === email)).toMatchObject({ joined: true });
  });

  it("lets an owner invite an owner; refuses an admin inviting an owner, a duplicate (409), unknown or no roles (400), a bad email (400)", async () => {
    const t = await team();
    const co = uniquePlayerEmail("co");
    expect((await invitePortalMember(as(t.owner), { businessId: t.business.id, email: co, roles: ["owner"] })).roles).toEqual(["owner"]);
    expect(await t.rowOf(co)).toMatchObject({ isOwner: true, roles: [] });
    const before = await membersSnapshot(t.business.id);
    const audits = (await auditsOf(t.business.id)).length;
    const base = { businessId: t.business.id, email: uniquePlayerEmail("x"), roles: ["viewer"] };
    await expect(invitePortalMember(as(t.admin), { ...base, roles: ["owner"] })).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(invitePortalMember(as(t.admin), { ...base, email: t.viewer.email.toUpperCase() })).rejects.toMatchObject({
      code: "MEMBER_ALREADY_EXISTS",
      status: 409,
      message: `${t.viewer.email} is already a member of this business: change its roles instead.`,
    });
    await expect(invitePortalMember(as(t.admin), { ...base, roles: ["superuser"] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "roles.0", message: "must be one of owner, admin, developer, finance, viewer" }],
    });
    await expect(invitePortalMember(as(t.admin), { ...base, roles: [] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "roles", message: "choose at least one role" }],
    });
    await expect(invitePortalMember(as(t.admin), { ...base, email: "not-an-email" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "email" }],
    });
    expect(await membersSnapshot(t.business.id)).toEqual(before);
    expect(await auditsOf(t.business.id)).toHaveLength(audits);
    expect(await mailsTo(base.email)).toEqual([]);
  });

  it("refuses developers, finance and viewers (403), a stranger (404) and nobody signed in (401), changing nothing", async () => {
    const t = await team();
    const before = await membersSnapshot(t.business.id);
    const input = { businessId: t.business.id, email: uniquePlayerEmail("no"), roles: ["viewer"] };
    for (const who of [t.developer, t.finance, t.viewer])
      await expect(invitePortalMember(as(who), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(invitePortalMember(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(invitePortalMember(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await membersSnapshot(t.business.id)).toEqual(before);
    expect(await auditsOf(t.business.id)).toEqual([]);
    expect(await mailsTo(input.email)).toEqual([]);
  });
});

describe("change a member's roles", () => {
  it("sets the roles (owner as the flag) and audits from → to", async () => {
    const t = await team();
    const dev = await t.rowOf(t.developer.email);
    expect(await changeMemberRoles(as(t.admin), { businessId: t.business.id, memberId: dev.id, roles: ["finance", "developer"] })).toEqual({
      memberId: dev.id,
      email: t.developer.email,
      roles: ["developer", "finance"],
    });
    expect(await t.rowOf(t.developer.email)).toMatchObject({ roles: ["developer", "finance"], isOwner: false });
    await changeMemberRoles(as(t.owner), { businessId: t.business.id, memberId: dev.id, roles: ["owner", "developer"] });
    expect(await t.rowOf(t.developer.email)).toMatchObject({ roles: ["developer"], isOwner: true });
    expect((await auditsOf(t.business.id)).map((a) => [a.actorId, a.action, a.objectId, a.details])).toEqual([
      [t.admin.email, "member.roles_changed", dev.id, { email: t.developer.email, from: ["developer"], to: ["developer", "finance"] }],
      [t.owner.email, "member.roles_changed", dev.id, { email: t.developer.email, from: ["developer", "finance"], to: ["owner", "developer"] }],
    ]);
    // now two owners: the first may demote the second
    await changeMemberRoles(as(t.owner), { businessId: t.business.id, memberId: dev.id, roles: ["admin"] });
    expect(await t.rowOf(t.developer.email)).toMatchObject({ roles: ["admin"], isOwner: false });
  });

  it("refuses one's own roles, an admin touching an owner or granting owner, unknown roles, another business's member; nothing changes", async () => {
    const t = await team();
    const own = await t.rowOf(t.owner.email);
    const adm = await t.rowOf(t.admin.email);
    const view = await t.rowOf(t.viewer.email);
    const stranger = await db.businessMember.findFirstOrThrow({ where: { businessId: t.other.id } });
    const before = await membersSnapshot(t.business.id);
    const change = (who: { playerId: string; email: string } | null, memberId: string, roles: string[]) =>
      changeMemberRoles(as(who), { businessId: t.business.id, memberId, roles });
    await expect(change(t.owner, own.id, ["admin"])).rejects.toMatchObject({ code: "OWN_MEMBERSHIP_LOCKED", status: 403 });
    await expect(change(t.admin, adm.id, ["owner"])).rejects.toMatchObject({ code: "OWN_MEMBERSHIP_LOCKED", status: 403 });
    await expect(change(t.admin, own.id, ["viewer"])).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(change(t.admin, view.id, ["owner"])).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(change(t.admin, view.id, ["root"])).rejects.toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    await expect(change(t.admin, view.id, [])).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "roles" }] });
    await expect(change(t.admin, stranger.id, ["viewer"])).rejects.toMatchObject({ code: "MEMBER_NOT_FOUND", status: 404 });
    await expect(change(t.admin, "bad\u0000id", ["viewer"])).rejects.toMatchObject({ code: "MEMBER_NOT_FOUND", status: 404 });
    for (const who of [t.developer, t.finance, t.viewer])
      await expect(change(who, view.id, ["admin"])).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(change(t.stranger, view.id, ["admin"])).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(change(null, view.id, ["admin"])).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await membersSnapshot(t.business.id)).toEqual(before);
    expect(await db.businessMember.findUniqueOrThrow({ where: { id: stranger.id } })).toMatchObject({ roles: ["admin"], isOwner: false });
    expect(await auditsOf(t.business.id)).toEqual([]);
  });

  it("never leaves a business without an owner when two owners demote each other at once", async () => {
    const t = await team();
    const second = await makeBusinessAdmin(t.business.id, { roles: [], isOwner: true });
    const a = await t.rowOf(t.owner.email);
    const b = await t.rowOf(second.email);
    const results = await Promise.allSettled([
      changeMemberRoles(as(t.owner), { businessId: t.business.id, memberId: b.id, roles: ["admin"] }),
      changeMemberRoles(as(second), { businessId: t.business.id, memberId: a.id, roles: ["admin"] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    // the loser was still an owner when its role was checked (LAST_OWNER) or already was not (PORTAL_ROLE_REQUIRED)
    expect(["LAST_OWNER", "PORTAL_ROLE_REQUIRED"]).toContain(refused.reason.code);
    const owners = (await membersSnapshot(t.business.id)).filter((m) => m.isOwner);
    expect(owners).toHaveLength(1);
  });
});

describe("remove a member", () => {
  it("removes a pending or joined member (an owner removes an owner while another remains), audited; the removed member loses access", async () => {
    const t = await team();
    const dev = await t.rowOf(t.developer.email);
    expect(await removePortalMember(as(t.admin), { businessId: t.business.id, memberId: dev.id })).toEqual({ memberId: dev.id, email: t.developer.email });
    expect(await db.businessMember.findUnique({ where: { id: dev.id } })).toBeNull();
    await expect(loadPortalMembers(as(t.developer), { businessId: t.business.id })).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND" });
    const second = await makeBusinessAdmin(t.business.id, { roles: [], isOwner: true });
    const secondRow = await t.rowOf(second.email);
    await removePortalMember(as(t.owner), { businessId: t.business.id, memberId: secondRow.id });
    expect((await auditsOf(t.business.id)).map((a) => [a.actorId, a.action, a.objectId, a.details])).toEqual([
      [t.admin.email, "member.removed", dev.id, { email: t.developer.email, roles: ["developer"] }],
      [t.owner.email, "member.removed", secondRow.id, { email: second.email, roles: ["owner"] }],
    ]);
  });

  it("refuses removing oneself (the last owner included), an admin removing an owner, the wrong roles, a stranger, nobody; nothing changes", async () => {
    const t = await team();
    const own = await t.rowOf(t.owner.email);
    const adm = await t.rowOf(t.admin.email);
    const view = await t.rowOf(t.viewer.email);
    const before = await membersSnapshot(t.business.id);
    const remove = (who: { playerId: string; email: string } | null, memberId: string) => removePortalMember(as(who), { businessId: t.business.id, memberId });
    await expect(remove(t.owner, own.id)).rejects.toMatchObject({ code: "OWN_MEMBERSHIP_LOCKED", status: 403 });
    await expect(remove(t.admin, adm.id)).rejects.toMatchObject({ code: "OWN_MEMBERSHIP_LOCKED" });
    await expect(remove(t.admin, own.id)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    for (const who of [t.developer, t.finance, t.viewer])
      await expect(remove(who, view.id)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(remove(t.stranger, view.id)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(remove(null, view.id)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    expect(await membersSnapshot(t.business.id)).toEqual(before);
    expect(await auditsOf(t.business.id)).toEqual([]);
  });

  it("keeps the last owner when two owners remove each other at once", async () => {
    const t = await team();
    const second = await makeBusinessAdmin(t.business.id, { roles: [], isOwner: true });
    const a = await t.rowOf(t.owner.email);
    const b = await t.rowOf(second.email);
    const results = await Promise.allSettled([
      removePortalMember(as(t.owner), { businessId: t.business.id, memberId: b.id }),
      removePortalMember(as(second), { businessId: t.business.id, memberId: a.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(["LAST_OWNER", "BUSINESS_NOT_FOUND"]).toContain((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.code);
    expect((await membersSnapshot(t.business.id)).filter((m) => m.isOwner)).toHaveLength(1);
  });
});
