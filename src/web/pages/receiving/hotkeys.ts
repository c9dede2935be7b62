// Keyboard shortcuts of the Receiving screen (issue 15), as data: the help overlay lists them and
// useHotkeys runs them. Modifier keys (Alt, F2) work inside the scan field, where the cursor lives;
// plain keys ('?') never fire while typing in a text field.
import type { HotkeyItem } from '@mantine/hooks';
import type { LedgerCondition } from '../../../contract/constants';

export type ReceivingCommand =
  | 'focusScan'
  | 'conditionPristine'
  | 'conditionReconditioning'
  | 'conditionScrap'
  | 'nextReason'
  | 'openSummary'
  | 'confirmSubmit'
  | 'closeOrder'
  | 'photoLine'
  | 'photoReturn'
  | 'focusBin'
  | 'nextDisposition'
  | 'recordDiscrepancy'
  | 'help';

export interface Shortcut {
  command: ReceivingCommand;
  /** In the syntax of Mantine's useHotkeys. */
  hotkey: string;
  /** As shown to a person. */
  keys: string[];
  label: string;
  /** Fires while the cursor is in a text field (the scan field). */
  inTextFields: boolean;
}

export const RECEIVING_SHORTCUTS: readonly Shortcut[] = [
  { command: 'focusScan', hotkey: 'F2', keys: ['F2'], label: 'Cursor to the scan field', inTextFields: true },
  { command: 'conditionPristine', hotkey: 'alt+P', keys: ['Alt', 'P'], label: 'Next scans: Pristine', inTextFields: true },
  {
    command: 'conditionReconditioning',
    hotkey: 'alt+R',
    keys: ['Alt', 'R'],
    label: 'Next scans: Reconditioning',
    inTextFields: true,
  },
  { command: 'conditionScrap', hotkey: 'alt+X', keys: ['Alt', 'X'], label: 'Next scans: Scrap', inTextFields: true },
  { command: 'nextReason', hotkey: 'alt+N', keys: ['Alt', 'N'], label: 'Next scans: the next reason', inTextFields: true },
  { command: 'openSummary', hotkey: 'alt+S', keys: ['Alt', 'S'], label: 'Open the summary (Submit)', inTextFields: true },
  {
    command: 'confirmSubmit',
    hotkey: 'alt+Enter',
    keys: ['Alt', 'Enter'],
    label: 'Confirm & Submit Return (in the summary; Enter works too)',
    inTextFields: true,
  },
  { command: 'closeOrder', hotkey: 'alt+W', keys: ['Alt', 'W'], label: 'Close the order', inTextFields: true },
  {
    command: 'photoLine',
    hotkey: 'alt+C',
    keys: ['Alt', 'C'],
    label: 'Webcam photo of the last scanned line (Space shoots)',
    inTextFields: true,
  },
  { command: 'photoReturn', hotkey: 'alt+O', keys: ['Alt', 'O'], label: 'Photos of the return (parcel, label)', inTextFields: true },
  {
    command: 'focusBin',
    hotkey: 'alt+B',
    keys: ['Alt', 'B'],
    label: 'Cursor to the bin of the next scans (Enter goes back)',
    inTextFields: true,
  },
  { command: 'nextDisposition', hotkey: 'alt+K', keys: ['Alt', 'K'], label: 'Next scans: the next disposition', inTextFields: true },
  {
    command: 'recordDiscrepancy',
    hotkey: 'alt+I',
    keys: ['Alt', 'I'],
    label: 'Record a wrong or extra item (the code a scan missed)',
    inTextFields: true,
  },
  { command: 'help', hotkey: 'shift+?', keys: ['?'], label: 'Show these shortcuts', inTextFields: false },
];

export const CONDITION_OF: Partial<Record<ReceivingCommand, LedgerCondition>> = {
  conditionPristine: 'Pristine',
  conditionReconditioning: 'Reconditioning',
  conditionScrap: 'Scrap',
};

/**
 * The useHotkeys items of the shortcuts that may (or may not) fire in text fields. Alt shortcuts match
 * the physical key: on a Mac, Option+P types 'π', yet it is still the P key.
 */
export function hotkeyItems(shortcuts: readonly Shortcut[], run: (command: ReceivingCommand) => void, inTextFields: boolean): HotkeyItem[] {
  return shortcuts
    .filter((s) => s.inTextFields === inTextFields)
    .map((s) => [s.hotkey, () => run(s.command), { preventDefault: true, usePhysicalKeys: s.hotkey.startsWith('alt+') }]);
}

/** The reason after `current` in the customer's list, wrapping round; the first when `current` is unknown. */
export function nextReason(reasons: readonly { option_code: string }[], current: string): string {
  if (reasons.length === 0) return '';
  const at = reasons.findIndex((r) => r.option_code === current);
  return reasons[(at + 1) % reasons.length]!.option_code;
}

/** The disposition after `current` in the customer's list, then none, wrapping round. */
export function nextDisposition(dispositions: readonly { code: string }[], current: string): string {
  const codes = [...dispositions.map((d) => d.code), ''];
  return codes[(codes.indexOf(current) + 1) % codes.length]!;
}
