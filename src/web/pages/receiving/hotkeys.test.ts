import { getHotkeyHandler } from '@mantine/hooks';
import { describe, expect, it } from 'vitest';
import { CONDITION_OF, hotkeyItems, nextDisposition, nextReason, RECEIVING_SHORTCUTS, type ReceivingCommand } from './hotkeys';

interface Press {
  key: string;
  code: string;
  altKey?: boolean;
  shiftKey?: boolean;
  ctrlKey?: boolean;
}

/** Which commands one key press runs, through Mantine's own matcher. */
function commandsOf(press: Press, inTextFields: boolean): ReceivingCommand[] {
  const ran: ReceivingCommand[] = [];
  const handler = getHotkeyHandler(hotkeyItems(RECEIVING_SHORTCUTS, (c) => ran.push(c), inTextFields));
  const event = { altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, preventDefault: () => undefined, ...press };
  handler(event as unknown as KeyboardEvent);
  return ran;
}

const alt = (letter: string): Press => ({ key: letter.toLowerCase(), code: `Key${letter}`, altKey: true });

describe('receiving hotkeys', () => {
  it('maps each key to its command', () => {
    expect(commandsOf({ key: 'F2', code: 'F2' }, true)).toEqual(['focusScan']);
    expect(commandsOf(alt('P'), true)).toEqual(['conditionPristine']);
    expect(commandsOf(alt('R'), true)).toEqual(['conditionReconditioning']);
    expect(commandsOf(alt('X'), true)).toEqual(['conditionScrap']);
    expect(commandsOf(alt('N'), true)).toEqual(['nextReason']);
    expect(commandsOf(alt('S'), true)).toEqual(['openSummary']);
    expect(commandsOf({ key: 'Enter', code: 'Enter', altKey: true }, true)).toEqual(['confirmSubmit']);
    expect(commandsOf(alt('W'), true)).toEqual(['closeOrder']);
    expect(commandsOf(alt('C'), true)).toEqual(['photoLine']);
    expect(commandsOf(alt('O'), true)).toEqual(['photoReturn']);
    expect(commandsOf(alt('B'), true)).toEqual(['focusBin']);
    expect(commandsOf(alt('K'), true)).toEqual(['nextDisposition']);
    expect(commandsOf(alt('I'), true)).toEqual(['recordDiscrepancy']);
    expect(commandsOf({ key: '?', code: 'Slash', shiftKey: true }, false)).toEqual(['help']);
  });

  it('Alt shortcuts follow the physical key (macOS Option+P types π)', () => {
    expect(commandsOf({ key: 'π', code: 'KeyP', altKey: true }, true)).toEqual(['conditionPristine']);
  });

  it('typing never fires: plain letters, digits, Enter and ? while in a text field', () => {
    for (const press of [
      { key: 'p', code: 'KeyP' },
      { key: 'S', code: 'KeyS', shiftKey: true },
      { key: '4', code: 'Digit4' },
      { key: 'Enter', code: 'Enter' },
      { key: 'p', code: 'KeyP', ctrlKey: true },
    ]) {
      expect(commandsOf(press, true)).toEqual([]);
      expect(commandsOf(press, false)).toEqual([]);
    }
    // '?' is a text character: only outside text fields is it the help key.
    expect(commandsOf({ key: '?', code: 'Slash', shiftKey: true }, true)).toEqual([]);
  });

  it('every shortcut has its own key, and the three conditions are the spec choices', () => {
    const keys = RECEIVING_SHORTCUTS.map((s) => s.hotkey.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.values(CONDITION_OF)).toEqual(['Pristine', 'Reconditioning', 'Scrap']);
  });
});

describe('nextReason', () => {
  const reasons = [{ option_code: 'DAMAGED' }, { option_code: 'WRONG_SIZE' }, { option_code: 'CHANGED_MIND' }];
  it('steps through the reasons and wraps round', () => {
    expect(nextReason(reasons, 'DAMAGED')).toBe('WRONG_SIZE');
    expect(nextReason(reasons, 'CHANGED_MIND')).toBe('DAMAGED');
  });
  it('starts at the first for an unknown reason, and is empty without reasons', () => {
    expect(nextReason(reasons, 'GONE')).toBe('DAMAGED');
    expect(nextReason([], 'DAMAGED')).toBe('');
  });
});

describe('nextDisposition', () => {
  const dispositions = [{ code: 'RESTOCK' }, { code: 'REFURBISH' }];
  it('steps through the dispositions, then none, and wraps round', () => {
    expect(nextDisposition(dispositions, 'RESTOCK')).toBe('REFURBISH');
    expect(nextDisposition(dispositions, 'REFURBISH')).toBe('');
    expect(nextDisposition(dispositions, '')).toBe('RESTOCK');
  });
  it('starts at the first for an unknown code; without dispositions it stays none', () => {
    expect(nextDisposition(dispositions, 'GONE')).toBe('RESTOCK');
    expect(nextDisposition([], '')).toBe('');
  });
});
