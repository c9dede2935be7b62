// Display labels of the parcel queue's fixed values (issue 24): the API keeps the English codes
// (a state, a close reason), people read these, translated where rendered.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** PARCEL_STATES, by code. */
export const STATE_LABEL: Record<string, MessageDescriptor> = {
  Waiting: msg`Waiting`,
  Matched: msg`Matched`,
  Converted: msg`Converted`,
  Closed: msg`Closed`,
};

/** A state inside a sentence ("This parcel is matched; …"): lower case, as the English text has it. */
export const STATE_IN_SENTENCE: Record<string, MessageDescriptor> = {
  Waiting: msg`waiting`,
  Matched: msg`matched`,
  Converted: msg`converted`,
  Closed: msg`closed`,
};

/** A timeline step's action (the parcel's state it led to, or what was done to it), by code. */
export const EVENT_ACTION_LABEL: Record<string, MessageDescriptor> = {
  Received: msg`Received`,
  Edited: msg`Edited`,
  'Photos added': msg`Photos added`,
  Matched: msg`Matched`,
  Converted: msg`Converted`,
  Closed: msg`Closed`,
};

/** PARCEL_CLOSE_REASONS, by code. */
export const CLOSE_REASON_LABEL: Record<string, MessageDescriptor> = {
  'Returned to sender': msg`Returned to sender`,
  Disposed: msg`Disposed`,
  'Handed to the customer': msg`Handed to the customer`,
};

/** A label of the map, or the value itself when it has none. */
export function labelOf(map: Record<string, MessageDescriptor>, value: string, translate: (d: MessageDescriptor) => string): string {
  const d = map[value];
  return d ? translate(d) : value;
}
