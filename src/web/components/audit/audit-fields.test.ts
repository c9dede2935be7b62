// The audit trail's field names and flags in the reader's language (issue 24); unknown fields as stored.
import { i18n, type Messages } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValueLabel } from './audit-fields';

beforeAll(async () => {
  for (const locale of ['en', 'de', 'nl', 'pl', 'es'] as const) {
    const { messages } = (await import(`../../locales/${locale}/extra.json?lingui`)) as { messages: Messages };
    i18n.load(locale, messages);
  }
});

describe('audit field labels', () => {
  it('English: a readable label for each known field', () => {
    i18n.activate('en');
    expect(auditFieldLabel(i18n, 'can_blind')).toBe('Blind returns allowed');
    expect(auditFieldLabel(i18n, 'user_status')).toBe('Account status');
    expect(auditFieldLabel(i18n, 'biztalk_sender')).toBe('BizTalk sender');
    expect(auditValueLabel(i18n, true)).toBe('yes');
  });

  it.each([
    ['de', 'Blindretouren erlaubt', 'Kontostatus', 'nein'],
    ['nl', 'Blinde retouren toegestaan', 'Accountstatus', 'nee'],
    ['pl', 'Zwroty na ślepo dozwolone', 'Status konta', 'nie'],
    ['es', 'Devoluciones ciegas permitidas', 'Estado de la cuenta', 'no'],
  ])('%s: the known fields translated', (locale, canBlind, userStatus, no) => {
    i18n.activate(locale);
    expect(auditFieldLabel(i18n, 'can_blind')).toBe(canBlind);
    expect(auditFieldLabel(i18n, 'user_status')).toBe(userStatus);
    expect(auditValueLabel(i18n, false)).toBe(no);
  });

  it('an unknown field keeps its stored name; values other than flags as stored', () => {
    i18n.activate('de');
    expect(auditFieldLabel(i18n, 'some_new_field')).toBe('some_new_field');
    // An inherited property name is not a known field either.
    expect(auditFieldLabel(i18n, 'constructor')).toBe('constructor');
    expect(auditValueLabel(i18n, 'Disabled')).toBe('Disabled');
    expect(auditValueLabel(i18n, [1, 2])).toBe('[1,2]');
    expect(auditValueLabel(i18n, null)).toBe('null');
    expect(auditValueLabel(i18n, undefined)).toBe('—');
  });
});
