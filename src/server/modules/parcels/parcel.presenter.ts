import { parcelAgeLevel, PARCEL_STATES, type ParcelEventView, type ParcelState, type ParcelView } from '../../../contract/parcels.js';
import { returnViewPath } from '../../../contract/return-view.js';
import { parcelEventCodes } from '../../i18n/timeline-codes.js';
import type { ParcelEventRow, ParcelListRow } from './parcels.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const asState = (s: string): ParcelState => ((PARCEL_STATES as readonly string[]).includes(s) ? (s as ParcelState) : 'Waiting');

/** The one mapping of a parcel row to the API; its age runs until now, or until it was closed. */
export function presentParcel(p: ParcelListRow, now: Date): ParcelView {
  const end = p.closedAt ?? now;
  const ageDays = Math.max(0, Math.floor((end.getTime() - p.receivedAt.getTime()) / DAY_MS));
  return {
    id: p.id,
    tracking_number: p.trackingNumber,
    customer_id: p.customerId,
    company: p.company,
    sender_name: p.senderName,
    sender_address: p.senderAddress,
    note: p.note,
    location: p.location,
    state: asState(p.state),
    close_reason: p.closeReason,
    return_id: p.returnId,
    return_path: p.returnId === null ? null : returnViewPath({ id: p.returnId, order_id: p.returnOrderId }),
    received_at: p.receivedAt.toISOString(),
    received_by: p.receivedByName,
    closed_at: p.closedAt?.toISOString() ?? null,
    age_days: ageDays,
    age_level: parcelAgeLevel(ageDays, p.amberDays, p.redDays),
    amber_days: p.amberDays,
    red_days: p.redDays,
  };
}

export function presentParcelEvent(e: ParcelEventRow): ParcelEventView {
  const text = typeof e.details.text === 'string' ? e.details.text : e.action;
  return {
    id: e.id,
    action: e.action,
    text,
    text_codes: parcelEventCodes(text),
    username: e.username,
    created_at: e.createdAt.toISOString(),
  };
}
