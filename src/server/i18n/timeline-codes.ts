// The codes of the texts on a timeline (issue 24), found from the stored English text, so steps
// written before the codes existed are translated too. A text no pattern knows gets no code, and
// the SPA shows its English.
import { codeOfIn, type MessageCode } from '../../contract/message-codes.js';
import { EDIT_SEPARATOR, PARCEL_EVENT_TEXT } from '../../contract/timeline-texts.js';

const EDITED_PREFIX = PARCEL_EVENT_TEXT.edited('');

/**
 * A parcel step's codes: the sentence's, then, for an edit, one per change (the sentence's `{0}`).
 * An edit with a change no pattern knows (a note with '; ' in it) keeps its English whole: [].
 */
export function parcelEventCodes(text: string): MessageCode[] {
  if (text.startsWith(EDITED_PREFIX)) {
    const changes = text
      .slice(EDITED_PREFIX.length)
      .split(EDIT_SEPARATOR)
      .map((c) => codeOfIn('parcelEvent', c));
    if (!changes.length || changes.some((c) => !c || c.code === 'parcelEvent.edited')) return [];
    return [{ code: 'parcelEvent.edited' }, ...(changes as MessageCode[])];
  }
  const code = codeOfIn('parcelEvent', text);
  return code ? [code] : [];
}

/** A task's Message 1 or 2 code; null for none (or a text of its own, e.g. an admin's note). */
export function taskTextCode(text: string | null): MessageCode | null {
  return text === null ? null : (codeOfIn('taskText', text) ?? null);
}
