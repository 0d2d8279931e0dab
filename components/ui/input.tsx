// The text input primitive: 44px tall, themed border and focus outline, red when aria-invalid.
import type { InputHTMLAttributes } from "react";
import { inputClass } from "./classes";

export const Input = ({ className = "", ...rest }: InputHTMLAttributes<HTMLInputElement>) => (
  <input className={`${inputClass} ${className}`.trim()} {...rest} />
);
