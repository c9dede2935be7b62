// Unknown parcels' limits (issue 11) on their own (issue 23's budget): Receiving's parcel lookup needs
// them, not parcel-rules.ts's messages. parcel-rules.ts re-exports them.
export const PARCEL_LIMITS = {
  pageSize: 50,
  defaultAmberDays: 2,
  defaultRedDays: 5,
  maxAgeDays: 365,
  trackingMin: 4,
  trackingMax: 64,
} as const;
