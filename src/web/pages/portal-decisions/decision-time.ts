// How long a waiting line has left before its default applies (issue 25's "time left").
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface TimeLeft {
  text: MessageDescriptor;
  overdue: boolean;
  /** Under 6 hours: shown in a warning colour. */
  soon: boolean;
}

/** Days and hours when a day or more is left, hours and minutes below; overdue once past. */
export function timeLeft(seconds: number): TimeLeft {
  const overdue = seconds <= 0;
  const minutes = Math.floor(Math.abs(seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (overdue) return { text: msg`Deadline passed: the default is being applied`, overdue, soon: false };
  const soon = seconds < 6 * 3600;
  if (days > 0) return { text: msg`${days} d ${hours} h left`, overdue, soon };
  if (hours > 0) return { text: msg`${hours} h ${mins} min left`, overdue, soon };
  return { text: msg`${mins} min left`, overdue, soon };
}

/** A span of time as the Dashboard's decisions tile shows the median time to decide. */
export function duration(seconds: number): MessageDescriptor {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return msg`${days} d ${hours} h`;
  if (hours > 0) return msg`${hours} h ${mins} min`;
  return msg`${mins} min`;
}
