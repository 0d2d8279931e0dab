// @ts-check
// The layers of lib/, bottom to top (ARCHITECTURE.md, "Layers"). Every first-level folder of lib/ is listed
// in exactly one layer; eslint.config.mjs turns this table into import rules, and a folder that is in no layer
// fails lint until it is added here. A layer may import the layers it names in `imports` (and, where
// `sameLayer` is true, the other folders of its own layer); everything else in lib/ is forbidden to it.
// Type-only imports are always allowed: they are erased at build time (as in scripts/check-cycles.ts).

/** @typedef {{ name: string, folders: string[], imports: string[], sameLayer: boolean, why: string }} Layer */

/** @type {Layer[]} */
export const LAYERS = [
  {
    name: "core",
    folders: ["core"],
    imports: [],
    sameLayer: false,
    why: "lib/core is the foundation (context, errors, primitives): it imports nothing else from lib/.",
  },
  {
    name: "config",
    folders: ["config"],
    imports: ["core"],
    sameLayer: false,
    why: "lib/config reads the environment; it may read lib/core and nothing else.",
  },
  {
    name: "db",
    folders: ["db"],
    imports: ["core", "config"],
    sameLayer: false,
    why: "lib/db (client, transactions, ids) imports only lib/core and lib/config.",
  },
  {
    name: "ledger",
    folders: ["ledger"],
    imports: ["core", "config", "db"],
    sameLayer: false,
    why: "the ledger engine imports only lib/db, lib/core and lib/config; product logic (VC, wallet, campaigns) calls the engine.",
  },
  {
    name: "infrastructure",
    folders: ["jobs", "audit", "i18n", "request-log"],
    imports: ["core", "config", "db"],
    sameLayer: true,
    why: "infrastructure (jobs, audit, messages, the request log) serves the domains and never calls them.",
  },
  {
    name: "domain",
    folders: [
      "activation",
      "auth",
      "business-users",
      "businesses",
      "campaigns",
      "cashouts",
      "checkout",
      "currencies",
      "deals",
      "documents",
      "distributions",
      "email",
      "fees",
      "fund-sessions",
      "gameplay",
      "games",
      "gifts",
      "invites",
      "invoices",
      "items",
      "linking",
      "platform",
      "products",
      "purchases",
      "refunds",
      "split-templates",
      "stripe",
      "subscriptions",
      "tenants",
      "test-clocks",
      "uploads",
      "users",
      "vc",
      "wallet",
      "webhooks",
    ],
    imports: ["core", "config", "db", "ledger", "infrastructure"],
    sameLayer: true,
    why: "a domain never imports lib/flows or an edge (the HTTP kernel, hosted pages, the portal): work across domains lives in lib/flows, which imports the domains.",
  },
  {
    name: "flows",
    folders: ["flows"],
    imports: ["core", "config", "db", "ledger", "infrastructure", "domain"],
    sameLayer: false,
    why: "a flow never imports an edge (the HTTP kernel, hosted pages, the portal): the edges call flows; a job's housekeeping lives in lib/db or its domain.",
  },
  {
    name: "edge",
    folders: ["http", "hosted", "portal", "operator", "ops"],
    imports: ["core", "config", "db", "ledger", "infrastructure", "domain", "flows"],
    sameLayer: true,
    why: "the edges (the /v1 kernel, hosted pages, the portal, operations) sit on top and may call everything below.",
  },
];

/** every folder of lib/ that has a layer */
export const LAYERED_FOLDERS = LAYERS.flatMap((l) => l.folders);

/**
 * Folders of one layer kept apart, although their layer lets its folders import each other: `folder` may
 * not import the folders in `forbids`.
 * @type {{ folder: string, forbids: string[], why: string }[]}
 */
export const APART = [
  {
    folder: "portal",
    forbids: ["http"],
    why: "the portal changes things through its own command (lib/portal/portal-command.ts: access, form, service, audit), never the /v1 kernel; shared parsing lives in lib/core.",
  },
  {
    folder: "operator",
    forbids: ["http"],
    why: "the operator console changes things through its own command (lib/operator/operator-command.ts: the operator guard, form, service, operator action), never the /v1 kernel.",
  },
];

/** The folders `folder` may not import although its layer allows them (APART). */
export const apartFor = (/** @type {string | undefined} */ folder) => APART.filter((a) => a.folder === folder).flatMap((a) => a.forbids);

/**
 * The folders of lib/ that a folder of `layer` (`folder`, when given: with its APART rules) must not import (value imports).
 * @param {Layer} layer
 * @param {string} [folder]
 */
export const forbiddenFor = (layer, folder) => {
  const allowed = new Set([...layer.imports.flatMap((n) => LAYERS.find((l) => l.name === n)?.folders ?? []), ...(layer.sameLayer ? layer.folders : [])]);
  const apart = apartFor(folder);
  return LAYERED_FOLDERS.filter((f) => apart.includes(f) || (!allowed.has(f) && !layer.folders.includes(f)));
};
