// Keyboard shortcuts of the Receiving screen (issue 15), as data: the help overlay lists them and
// useHotkeys runs them. Modifier keys (Alt, F2) work inside the scan field, where the cursor lives;
// plain keys ('?') never fire while typing in a text field.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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
  /** As shown to a person (key names stay as printed on the keys; the label is translated). */
  keys: string[];
  label: MessageDescriptor;
  /** Fires while the cursor is in a text field (the scan field). */
  inTextFields: boolean;
}

/** A shortcut on Alt and a key: it works in the scan field, where the cursor lives. */
const alt = (key: string, command: ReceivingCommand, label: MessageDescriptor): Shortcut => ({
  command,
  hotkey: `alt+${key}`,
  keys: ['Alt', key],
  label,
  inTextFields: true,
});

export const RECEIVING_SHORTCUTS: readonly Shortcut[] = [
  { command: 'focusScan', hotkey: 'F2', keys: ['F2'], label: msg`Cursor to the scan field`, inTextFields: true },
  alt('P', 'conditionPristine', msg`Next scans: Pristine`),
  alt('R', 'conditionReconditioning', msg`Next scans: Reconditioning`),
  alt('X', 'conditionScrap', msg`Next scans: Scrap`),
  alt('N', 'nextReason', msg`Next scans: the next reason`),
  alt('S', 'openSummary', msg`Open the summary (Submit)`),
  alt('Enter', 'confirmSubmit', msg`Confirm & Submit Return (in the summary; Enter works too)`),
  alt('W', 'closeOrder', msg`Close the order`),
  alt('C', 'photoLine', msg`Webcam photo of the line recorded last (Space shoots)`),
  alt('O', 'photoReturn', msg`Photos of the return (parcel, label)`),
  alt('B', 'focusBin', msg`Cursor to the bin of the next scans (Enter goes back)`),
  alt('K', 'nextDisposition', msg`Next scans: the next disposition`),
  alt('I', 'recordDiscrepancy', msg`Record a wrong or extra item (the code a scan missed)`),
  { command: 'help', hotkey: 'shift+?', keys: ['?'], label: msg`Show these shortcuts`, inTextFields: false },
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

/** The item after `current` in `list`, wrapping round; the first when `current` is not in it; '' for none. */
const nextOf = (list: readonly string[], current: string): string =>
  list.length === 0 ? '' : list[(list.indexOf(current) + 1) % list.length]!;

/** The reason after `current` in the customer's list, wrapping round; the first when `current` is unknown. */
export const nextReason = (reasons: readonly { option_code: string }[], current: string): string =>
  nextOf(
    reasons.map((r) => r.option_code),
    current,
  );

/** The disposition after `current` in the customer's list, then none, wrapping round. */
export const nextDisposition = (dispositions: readonly { code: string }[], current: string): string =>
  nextOf([...dispositions.map((d) => d.code), ''], current);
