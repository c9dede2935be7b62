// The server's timeline texts in the reader's language (issue 24): each comes in English with its
// codes (src/contract/timeline-texts.ts); the 'errors' catalogue has their translations. A text
// without a code, or one this build cannot translate, is shown as the server wrote it.
import { i18n } from '@lingui/core';
import type { TextCodeView } from '../../contract/timeline-texts';
import { translateCode } from './server-text';

const known = (c: TextCodeView) => i18n.messages[c.code] !== undefined;

/** A task's Message 1 or 2. */
export function taskText(english: string | null, code: TextCodeView | null): string | null {
  return english === null ? null : translateCode(english, code ?? undefined);
}

/**
 * A parcel's timeline step: the sentence's code, and for an edit the changes' codes that fill its {0}.
 * `nameValue` names a value that is a code itself (a close reason) in the reader's language.
 */
export function parcelStepText(
  english: string,
  codes: readonly TextCodeView[],
  nameValue: (code: string, value: string) => string = (_, value) => value,
): string {
  const [sentence, ...changes] = codes;
  if (!sentence || !known(sentence) || !changes.every(known)) return english;
  const params = Object.fromEntries(Object.entries(sentence.params ?? {}).map(([key, value]) => [key, nameValue(sentence.code, value)]));
  if (changes.length) params['0'] = changes.map((c) => i18n._(c.code, c.params)).join('; ');
  return i18n._(sentence.code, params);
}
