import { codeOf } from '../../contract/message-codes';
import { translateCode } from './server-text';

/** A contract message by its English text (a form rule's message), translated as the server's would be. */
export function contractText(english: string): string {
  return translateCode(english, codeOf(english));
}
