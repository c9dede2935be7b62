/** Moves the cursor to the open inspection's current step or serial field; false when none is open. */
export function focusInspection(): boolean {
  const target = document.querySelector<HTMLElement>('[data-testid="inspection"] [data-inspection-focus]');
  target?.focus();
  return !!target;
}
