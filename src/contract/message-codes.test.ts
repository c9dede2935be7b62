import { describe, expect, it } from 'vitest';
import { codeOf, MESSAGE_GROUPS, messageCatalogue } from './message-codes.js';
import { MSG } from './messages.js';
import { PHOTO_MSG } from './photo-rules.js';
import { SCHEDULE_MSG } from './schedules.js';

describe('message codes', () => {
  it('gives every fixed message of every group a code that finds it again', () => {
    for (const [group, messages] of Object.entries(MESSAGE_GROUPS)) {
      for (const [name, value] of Object.entries(messages)) {
        if (typeof value !== 'string') continue;
        const found = codeOf(value);
        expect(found, `${group}.${name}`).toBeDefined();
        // Two names with the same words share the first one's code; the words are what count.
        const entry = messageCatalogue().find((e) => e.code === found!.code)!;
        expect(entry.text).toBe(value);
      }
    }
  });

  it('reads the values out of a message with parts', () => {
    expect(codeOf(PHOTO_MSG.tooLarge(12))).toEqual({ code: 'photo.tooLarge', params: { '0': '12' } });
    expect(codeOf(PHOTO_MSG.required('Scrap', 'NW-TSHIRT-BLK-M'))).toEqual({
      code: 'photo.required',
      params: { '0': 'Scrap', '1': 'NW-TSHIRT-BLK-M' },
    });
    expect(codeOf(SCHEDULE_MSG.recipientInvalid(2, 'not-an-address'))).toMatchObject({ code: 'schedule.recipientInvalid' });
  });

  it('lists messages with parts as {0}, {1} for translators, and codes once each', () => {
    const catalogue = messageCatalogue();
    expect(catalogue.find((e) => e.code === 'photo.tooLarge')!.text).toBe(
      'The photo is larger than {0} MB. Take it at a lower resolution or send a smaller file.',
    );
    expect(new Set(catalogue.map((e) => e.code)).size).toBe(catalogue.length);
    expect(catalogue.find((e) => e.code === 'auth.loginFailed')!.text).toBe(MSG.loginFailed);
  });

  it('knows nothing of a text of no group', () => {
    expect(codeOf('Something nobody wrote')).toBeUndefined();
  });
});
