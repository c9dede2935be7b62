// The API's messages in the reader's language: the server sends the English text and its stable code
// (src/contract/message-codes.ts); the 'errors' catalogue holds each code's text in every language.
import { i18n } from '@lingui/core';
import { setTextTranslator, type TextCode } from '../api/envelope';

export function translateCode(english: string, code: TextCode | undefined): string {
  // A text of no group, or a code this build has no translation for, stays as the server wrote it.
  if (!code || i18n.messages[code.code] === undefined) return english;
  return i18n._(code.code, code.params);
}

setTextTranslator(translateCode);

/** A contract message the SPA shows itself, by its code: `messageText('auth.loginFailed', MSG.loginFailed)`. */
export function messageText(code: string, english: string, params?: Record<string, string>): string {
  return translateCode(english, { code, params });
}

// contractText (a message found by its English text) lives in ./contract-text: it brings the whole
// message registry and zod, so only lazily loaded rule modules import it.
