/** Time source passed in through deps so tests can move it (reset-token expiry, throttling). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
