// Zod-free parcel rules shared by the server and the SPA (Receiving's parcel lookup imports them
// without pulling zod in; parcels.ts re-exports them beside the schemas).

/** Unknown parcels (issue 11): states, close reasons, limits and messages shared by server and SPA. */
export const PARCEL_STATES = ['Waiting', 'Matched', 'Converted', 'Closed'] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

export const PARCEL_CLOSE_REASONS = ['Returned to sender', 'Disposed', 'Handed to the customer'] as const;
export type ParcelCloseReason = (typeof PARCEL_CLOSE_REASONS)[number];

/** How long a parcel has waited against its customer's limits (no customer: the defaults). */
export const PARCEL_AGE_LEVELS = ['fresh', 'amber', 'red'] as const;
export type ParcelAgeLevel = (typeof PARCEL_AGE_LEVELS)[number];

// The limits live in parcel-limits.ts: the receiving page imports them without this file's messages.
import { PARCEL_LIMITS } from './parcel-limits.js';

export { PARCEL_LIMITS };

export const PARCEL_MSG = {
  trackingRequired: 'Tracking number is required',
  trackingInvalid: `Tracking number: ${PARCEL_LIMITS.trackingMin} to ${PARCEL_LIMITS.trackingMax} letters, digits or dashes`,
  trackingWaiting: 'A parcel with this tracking number is already waiting',
  locationRequired: 'Shelf location is required',
  customerDisabled: 'This customer account is disabled',
  customerInvalid: 'Customer must be All, none or a customer id',
  stateInvalid: `State must be All or one of ${PARCEL_STATES.join(', ')}`,
  ageInvalid: `Age must be All or one of ${PARCEL_AGE_LEVELS.join(', ')}`,
  pageInvalid: 'Invalid page',
  reasonInvalid: `Reason must be one of: ${PARCEL_CLOSE_REASONS.join(', ')}`,
  notFound: 'Parcel not found.',
  photoOfOtherParcel: 'A photo of this parcel already belongs to another parcel',
  notWaiting: 'This parcel is no longer waiting',
  otherCustomer: "This parcel belongs to another customer than the return's",
  amberInvalid: `Amber after: a whole number of days, 1 to ${PARCEL_LIMITS.maxAgeDays}`,
  redInvalid: `Red after: a whole number of days, 1 to ${PARCEL_LIMITS.maxAgeDays}`,
  redNotAfterAmber: 'Red must come after amber (more days)',
  customerKnown: 'The customer of this parcel is known already and cannot be changed or removed',
  customerNotLinked: 'You are not linked to this customer, so you cannot give this parcel to it',
  nothingChanged: 'Nothing changed: the parcel has these values already',
  photosRequired: 'Choose at least one photo to add',
  tooManyPhotos: (max: number, has: number) => `A parcel keeps at most ${max} photos; it has ${has} already`,
} as const;

/** The age level of a parcel that has waited `ageDays` whole days. */
export function parcelAgeLevel(ageDays: number, amberDays: number, redDays: number): ParcelAgeLevel {
  if (ageDays >= redDays) return 'red';
  if (ageDays >= amberDays) return 'amber';
  return 'fresh';
}
