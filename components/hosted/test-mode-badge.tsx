/** Marks a page acting on test-environment objects: nothing real happens there. */
export const TestModeBadge = () => (
  <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
    <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
    Test mode
  </span>
);
