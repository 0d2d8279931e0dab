// A native <select> styled like the UI primitives' inputs (44px, the same border and focus), for the
// portal's test helper forms.
import type { SelectHTMLAttributes } from "react";
import { inputClass } from "@/components/ui/classes";

export const HelperSelect = ({ className = "", ...rest }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select className={`${inputClass} ${className}`.trim()} {...rest} />
);
