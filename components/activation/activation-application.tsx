// The application to go live as its owners and admins complete it, on the portal's "Go live" page and the
// hosted verification page alike: the supporting documents (upload, open, remove) and the application form,
// both open while the application is editable. The page passes its own server actions.
import type { ActivationView } from "@/lib/activation/load-activation";
import type { Translator } from "@/lib/i18n/translator";
import { Card } from "@/components/ui/card";
import { ActivationDocuments } from "./activation-documents";
import { ActivationForm } from "./activation-form";
import type { ActivationFormAction } from "./activation-state";
import type { ActivationWords } from "./activation-words";

export const ActivationApplication = ({
  view,
  words,
  t,
  documentsBase,
  upload,
  remove,
  apply,
}: {
  view: ActivationView;
  words: ActivationWords;
  t: Translator;
  /** where a document opens: `${documentsBase}/{documentId}` */
  documentsBase: string;
  upload: ActivationFormAction;
  remove: (documentId: string) => ActivationFormAction;
  apply: ActivationFormAction;
}) => (
  <>
    <Card labelledBy="documents-title">
      <h2 id="documents-title" className="text-lg font-semibold text-slate-900">
        {words.documents.title}
      </h2>
      <div className="mt-3">
        <ActivationDocuments
          words={words}
          intro={t("verification.documents.intro", { maxMb: view.limits.maxBytes / 1024 / 1024, max: view.limits.maxDocuments })}
          upload={view.editable ? upload : null}
          documents={view.documents.map((d) => ({
            ...d,
            href: `${documentsBase}/${d.id}`,
            removeLabel: t("verification.documents.removeLabel", { name: d.filename }),
            remove: view.editable ? remove(d.id) : null,
          }))}
        />
      </div>
    </Card>
    <Card labelledBy="application-title">
      <h2 id="application-title" className="text-lg font-semibold text-slate-900">
        {words.form.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{view.editable ? words.form.intro : words.form.readOnly}</p>
      <div className="mt-4">
        <ActivationForm action={apply} values={view.application} words={words} editable={view.editable} />
      </div>
    </Card>
  </>
);
