// A task's log and type in the reader's language (issue 24); English stays as the server stored it.
import { i18n, type Messages } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logKeyLabel, logValueLabel, taskTypeLabel } from './task-log-labels';

beforeAll(async () => {
  for (const locale of ['en', 'pl', 'nl'] as const) {
    const { messages } = (await import(`../../locales/${locale}/extra.json?lingui`)) as { messages: Messages };
    i18n.load(locale, messages);
  }
});

describe('task log labels', () => {
  it('English: the stored words, unchanged', () => {
    i18n.activate('en');
    expect(logKeyLabel(i18n, 'event')).toBe('event');
    expect(logValueLabel(i18n, 'event', 'lease expired')).toBe('lease expired');
    expect(logValueLabel(i18n, 'retry', true)).toBe('true');
    expect(taskTypeLabel(i18n, 'Return Report')).toBe('Return Report');
  });

  it('Polish: keys, events, the worker’s sentences, booleans and task types; data and unknown words as stored', () => {
    i18n.activate('pl');
    expect(logKeyLabel(i18n, 'event')).toBe('zdarzenie');
    expect(logKeyLabel(i18n, 'fileName')).toBe('nazwa pliku');
    expect(logKeyLabel(i18n, 'someNewKey')).toBe('someNewKey');
    expect(logValueLabel(i18n, 'event', 'failed')).toBe('nieudane');
    expect(logValueLabel(i18n, 'event', 'a new event')).toBe('a new event');
    expect(logValueLabel(i18n, 'retry', false)).toBe('nie');
    expect(logValueLabel(i18n, 'held', 'the endpoint is paused; sent when it is resumed')).toBe(
      'punkt końcowy ma status paused; wysyłka po wznowieniu',
    );
    expect(logValueLabel(i18n, 'fileName', 'RET_61_1.xml')).toBe('RET_61_1.xml');
    expect(logValueLabel(i18n, 'attempt', 2)).toBe(2);
    expect(taskTypeLabel(i18n, 'Mail')).toBe('e-mail');
    expect(taskTypeLabel(i18n, 'Some Type')).toBe('Some Type');
  });

  it('Dutch: the event of a lost worker', () => {
    i18n.activate('nl');
    expect(logValueLabel(i18n, 'event', 'lease expired')).toBe('claim verlopen');
    expect(logValueLabel(i18n, 'error', 'worker lost; no attempts left')).toBe('verwerker verloren; geen pogingen meer');
  });
});
