// The supporting documents of an activation application: each with its name, type and size, a download link
// (the page passes it only where the reader may download: the business's owners and admins, through a route that
// checks them), and, while the application is open, a remove button; then the upload form.
import { MAX_DOCUMENT_BYTES } from "@/lib/documents/document-type";
import type { StoredDocument } from "@/lib/documents/store-verification-document";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/classes";
import { ActivationActionForm } from "./activation-action-form";
import type { ActivationFormAction } from "./activation-state";
import type { ActivationWords } from "./activation-words";

const TYPE_NAMES: Record<string, string> = { "application/pdf": "PDF", "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" };

/** A byte count as people read it: 812 B, 14.2 KB, 3.4 MB. */
export const formatBytes = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

export type DocumentRow = StoredDocument & { href: string | null; removeLabel: string; remove: ActivationFormAction | null };

export const ActivationDocuments = ({
  documents,
  words,
  intro,
  upload,
}: {
  documents: DocumentRow[];
  words: ActivationWords;
  intro: string;
  /** the upload form's action; null once the application is closed (submitted or decided) */
  upload: ActivationFormAction | null;
}) => {
  const w = words.documents;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{intro}</p>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">{w.none}</p>
      ) : (
        <ul className="@container space-y-2" aria-label={w.title}>
          {documents.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset @md:flex-row @md:items-center @md:justify-between"
              data-testid="activation-document"
            >
              <div className="min-w-0">
                <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                  {d.href ? (
                    <a className={textLinkClass} href={d.href}>
                      {d.filename}
                    </a>
                  ) : (
                    d.filename
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {TYPE_NAMES[d.contentType] ?? d.contentType} · {formatBytes(d.byteSize)}
                </p>
              </div>
              {d.remove ? (
                <div className="@md:w-40">
                  <ActivationActionForm action={d.remove} label={d.removeLabel} submit={w.remove} pendingLabel={w.removing} variant="secondary" />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {upload ? (
        <ActivationActionForm
          action={upload}
          label={w.upload}
          submit={w.upload}
          pendingLabel={w.uploading}
          variant="secondary"
          fileLimit={{ maxBytes: MAX_DOCUMENT_BYTES, message: words.errors.documentInvalid }}
        >
          <Field id="kyb-document" label={w.file}>
            {(c) => (
              <input
                {...c}
                name="document"
                type="file"
                required
                accept="application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp"
                className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold`}
              />
            )}
          </Field>
        </ActivationActionForm>
      ) : null}
    </div>
  );
};
