// A portal form submitted as a browser without JavaScript submits it (bench:replica's portal writer): the page's
// HTML carries the form's server action as hidden `$ACTION_…` fields (React's progressive enhancement: the
// action's id, its bound arguments and the useActionState key), and a multipart POST of those fields with the
// form's own to the page's URL runs the action (through lib/hosted/action.ts, as a click does) and renders the
// page again with the action's state.

const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hidden `$ACTION_…` fields of the first form of `html` that has a field named `field`. */
export const actionFieldsOf = (html: string, field: string): [string, string][] => {
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
    if (!form.includes(`name="${field}"`)) continue;
    const fields: [string, string][] = [];
    for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input)?.[1];
      if (!name || !name.startsWith("$ACTION")) continue;
      fields.push([decodeHtml(name), decodeHtml(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "")]);
    }
    if (fields.length === 0) throw new Error(`the form with field "${field}" has no server action fields`);
    return fields;
  }
  throw new Error(`no form with a field "${field}" on the page`);
};

/** The server action fields of the form of `path` (on `base`, signed in with `cookie`) that has a field `marker`. */
export const portalFormFields = async (base: string, path: string, cookie: string, marker: string): Promise<[string, string][]> => {
  const page = await fetch(`${base}${path}`, { headers: { cookie } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET ${path}: ${page.status} ${html.slice(0, 200)}`);
  return actionFieldsOf(html, marker);
};

/**
 * Submits a form of `path` (its action fields from portalFormFields, reusable: they name the action and its bound
 * arguments) with `values`, signed in: the page's answer, rendered after the action ran.
 */
export const postPortalForm = async (
  base: string,
  path: string,
  cookie: string,
  fields: [string, string][],
  values: Record<string, string>,
): Promise<{ status: number; html: string }> => {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  for (const [k, v] of Object.entries(values)) body.append(k, v);
  // the Origin a browser sends: Next.js refuses a server action whose Origin names another host
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { cookie, origin: base }, body, redirect: "manual" });
  return { status: res.status, html: await res.text() };
};
