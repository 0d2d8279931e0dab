"use client";
// The checkout theme editor: every field of the checkout theme (game-api.md "Checkout theme"; PUT
// /v1/game/theme), each colour with a picker and its hex text, beside a live preview of the real hosted
// checkout (an iframe of …/theme/preview with the draft in its query) that follows the form as it changes,
// before anything is saved. Contrast below WCAG AA is flagged as you type; the server refuses it on save
// (THEME_CONTRAST_TOO_LOW) like the API does. An empty field is the store theme's colour.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { CheckoutTheme, ThemeField } from "@/lib/checkout/schemas";
import { themeContrastFailures } from "@/lib/checkout/theme-contrast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PortalForm, type PortalAction } from "./portal-form";

import { THEME_GROUPS, type ColourField, type ThemeGroup } from "./theme-groups";

export { THEME_GROUPS, type ThemeGroup };

/**
 * The editor's words in the member's language, translated by the server page. Templates keep their
 * `{name}` placeholders, filled here: `emptyHint` {hint} {fallback}, `picker` {label}, `contrastMany`
 * {count}, `failure` {foreground} {foregroundColor} {background} {backgroundColor} {ratio}.
 */
export type ThemeEditorWords = {
  groups: Record<ThemeGroup, string>;
  fields: Record<ColourField, { label: string; hint: string }>;
  emptyHint: string;
  hexError: string;
  picker: string;
  logo: string;
  logoUrl: string;
  logoHint: string;
  contrastOne: string;
  contrastMany: string;
  failure: string;
  contrastOk: string;
  clearAll: string;
  readOnly: string;
  formLabel: string;
  save: string;
  saving: string;
  preview: string;
  openPreview: string;
  previewExplain: string;
  frameTitle: string;
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const COLOUR_FIELDS = THEME_GROUPS.flatMap((g) => g.fields);
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** A hex colour as the #rrggbb an <input type="color"> takes (its alpha dropped). */
const pickerValue = (hex: string): string => {
  if (!HEX.test(hex)) return "#000000";
  const h = hex.slice(1);
  return `#${(h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(0, 6)).toLowerCase()}`;
};

/** The theme the checkout would paint: valid draft values over the store theme (as resolveTheme does). */
const effectiveTheme = (draft: Record<ThemeField, string>, defaults: CheckoutTheme): CheckoutTheme => {
  const out = { ...defaults };
  for (const f of COLOUR_FIELDS) if (HEX.test(draft[f])) out[f] = draft[f];
  if (/^(https?:\/\/|\/)[^\s"'()<>]*$/i.test(draft.logoUrl)) out.logoUrl = draft.logoUrl;
  return out;
};

const previewQuery = (draft: Record<ThemeField, string>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(draft)) if (v.trim() !== "") q.set(k, v.trim());
  return q.toString();
};

const ColourInput = ({
  field,
  value,
  fallback,
  onChange,
  readOnly,
  words,
}: {
  field: ColourField;
  value: string;
  fallback: string;
  onChange: (v: string) => void;
  readOnly: boolean;
  words: ThemeEditorWords;
}) => (
  <Field
    id={`theme-${field}`}
    label={words.fields[field].label}
    hint={fill(words.emptyHint, { hint: words.fields[field].hint, fallback })}
    error={value !== "" && !HEX.test(value) ? words.hexError : null}
  >
    {(c) => (
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={fill(words.picker, { label: words.fields[field].label })}
          value={pickerValue(value || fallback)}
          onChange={(e) => onChange(e.target.value)}
          disabled={readOnly}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        />
        <Input
          {...c}
          name={field}
          value={value}
          placeholder={fallback}
          onChange={(e) => onChange(e.target.value)}
          readOnly={readOnly}
          maxLength={9}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </div>
    )}
  </Field>
);

export const ThemeEditor = ({
  action,
  previewPath,
  saved,
  defaults,
  canSave,
  words,
}: {
  /** the bound save action; null when the member may only look */
  action: PortalAction | null;
  /** the preview route, e.g. /portal/b/games/g/theme/preview */
  previewPath: string;
  /** the fields the game saved ("" for a field left to the store theme) */
  saved: Record<ThemeField, string>;
  defaults: CheckoutTheme;
  canSave: boolean;
  words: ThemeEditorWords;
}) => {
  const [draft, setDraft] = useState(saved);
  const set = (f: ThemeField) => (v: string) => setDraft((d) => ({ ...d, [f]: v }));
  const query = previewQuery(draft);
  // the frame follows the form, a moment after the last keystroke or drag of a picker
  const [frameQuery, setFrameQuery] = useState(query);
  useEffect(() => {
    const t = setTimeout(() => setFrameQuery(query), 250);
    return () => clearTimeout(t);
  }, [query]);
  const failures = useMemo(() => themeContrastFailures(effectiveTheme(draft, defaults)), [draft, defaults]);
  const readOnly = !canSave || !action;

  const fields: ReactNode = (
    <>
      {THEME_GROUPS.map((g) => (
        <fieldset key={g.key} className="min-w-0 space-y-4 rounded-xl p-4 ring-1 ring-slate-200 ring-inset">
          <legend className="px-1 text-sm font-semibold text-slate-900">{words.groups[g.key]}</legend>
          {g.fields.map((f) => (
            <ColourInput key={f} field={f} value={draft[f]} fallback={defaults[f]} onChange={set(f)} readOnly={readOnly} words={words} />
          ))}
        </fieldset>
      ))}
      <fieldset className="min-w-0 space-y-4 rounded-xl p-4 ring-1 ring-slate-200 ring-inset">
        <legend className="px-1 text-sm font-semibold text-slate-900">{words.logo}</legend>
        <Field id="theme-logoUrl" label={words.logoUrl} hint={words.logoHint}>
          {(c) => (
            <Input
              {...c}
              name="logoUrl"
              type="url"
              inputMode="url"
              value={draft.logoUrl}
              onChange={(e) => set("logoUrl")(e.target.value)}
              readOnly={readOnly}
              maxLength={2048}
              autoComplete="off"
            />
          )}
        </Field>
      </fieldset>
      <div aria-live="polite" data-testid="contrast-status">
        {failures.length ? (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">
            <p className="font-semibold">{failures.length === 1 ? words.contrastOne : fill(words.contrastMany, { count: failures.length })}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 [overflow-wrap:anywhere]">
              {failures.map((f) => (
                <li key={`${f.foreground}-${f.background}`}>{fill(words.failure, { ...f, ratio: f.ratio.toFixed(2) })}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-emerald-800">{words.contrastOk}</p>
        )}
      </div>
      <Button
        variant="secondary"
        onClick={() => setDraft(Object.fromEntries(Object.keys(draft).map((k) => [k, ""])) as Record<ThemeField, string>)}
        disabled={readOnly}
      >
        {words.clearAll}
      </Button>
    </>
  );

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="min-w-0">
        {readOnly ? (
          <div className="flex min-w-0 flex-col gap-3">
            <p className="text-sm text-slate-700">{words.readOnly}</p>
            {fields}
          </div>
        ) : (
          <PortalForm action={action} label={words.formLabel} submit={words.save} pendingLabel={words.saving}>
            {fields}
          </PortalForm>
        )}
      </div>
      <section aria-labelledby="preview-title" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
            {words.preview}
          </h2>
          <a
            className="rounded text-sm font-semibold text-slate-700 underline underline-offset-2"
            href={`${previewPath}?${frameQuery}`}
            target="_blank"
            rel="noreferrer"
          >
            {words.openPreview}
          </a>
        </div>
        <p className="mt-1 text-sm text-slate-700">{words.previewExplain}</p>
        <iframe
          title={words.frameTitle}
          src={`${previewPath}?${frameQuery}`}
          data-testid="theme-preview"
          className="mt-3 h-[44rem] w-full rounded-xl bg-white ring-1 ring-slate-300"
        />
      </section>
    </div>
  );
};
