// The form controls of the catalogue, deal and review pages: native selects, text areas and checkboxes
// styled like the Input primitive, each labelled (44px tall controls; checkboxes sit in a 44px label row),
// and the price formats the pages show.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { inputClass } from "@/components/ui/classes";
import { formatMoney } from "@/lib/i18n/format";

export const usd = (cents: number) => formatMoney("en", cents, "USD");
export const units = (n: number, code: string) => `${new Intl.NumberFormat("en").format(n)} ${code}`;

export const Select = ({ className = "", ...rest }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select className={`${inputClass} ${className}`.trim()} {...rest} />
);

export const Textarea = ({ className = "", ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea className={`${inputClass} ${className}`.trim()} {...rest} />
);

export const TextField = ({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">) => (
  <Field id={id} label={label} hint={hint} error={error}>
    {(c) => <Input {...c} autoComplete="off" {...input} />}
  </Field>
);

export const SelectField = ({
  id,
  label,
  hint,
  options,
  error,
  ...select
}: { id: string; label: ReactNode; hint?: ReactNode; error?: string; options: { value: string; label: string }[] } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id"
>) => (
  <Field id={id} label={label} hint={hint} error={error}>
    {(c) => (
      <Select {...c} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    )}
  </Field>
);

export const TextareaField = ({
  id,
  label,
  hint,
  error,
  ...area
}: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) => (
  <Field id={id} label={label} hint={hint} error={error}>
    {(c) => <Textarea {...c} {...area} />}
  </Field>
);

export const Checkbox = ({ id, name, label, defaultChecked }: { id: string; name: string; label: string; defaultChecked: boolean }) => (
  <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
    <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-slate-900" />
    {label}
  </label>
);
