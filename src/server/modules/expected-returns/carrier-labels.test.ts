import { describe, expect, it } from 'vitest';
import { cleanScan, gs1CheckDigitOk, trackingCandidates, trackingKey } from './carrier-labels.js';

// USPS IMpb tracking numbers in the shapes USPS labels print (Publication 199: 22 and 26 digits from
// 92–95, GS1 check digit). Built to that format with valid check digits, not copied from a parcel.
const USPS_22 = '9400111899223197428497';
const USPS_26 = '92055901755477000000000015';

describe('carrier label scans', () => {
  it('checks GS1 check digits as USPS IMpb uses them', () => {
    expect(gs1CheckDigitOk(USPS_22)).toBe(true);
    expect(gs1CheckDigitOk(USPS_26)).toBe(true);
    expect(gs1CheckDigitOk('9400111899223197428490')).toBe(false);
  });

  it('takes the 420 + ZIP prefix off a USPS IMpb label scan (ZIP 5 and ZIP+4), FNC1 and the symbology id too', () => {
    expect(trackingCandidates(`42090210${USPS_22}`)[0]).toBe(USPS_22);
    expect(trackingCandidates(`420902101234${USPS_22}`)[0]).toBe(USPS_22);
    expect(trackingCandidates(`]C1420${'30303'}\u001d${USPS_26}`)[0]).toBe(USPS_26);
    // The printed human-readable form, with spaces, is the same key.
    expect(trackingKey('9400 1118 9922 3197 4284 97')).toBe(USPS_22);
  });

  it('keeps other carriers’ numbers as scanned, upper case, without spaces and dashes', () => {
    expect(trackingCandidates('1z999aa10123456784')).toEqual(['1Z999AA10123456784']);
    expect(trackingCandidates(' JJD 0000 3900 0012 3456 ')).toEqual(['JJD0000390000123456']);
    expect(cleanScan('RMA-2026-0042')).toBe('RMA20260042');
    // 420 followed by something that does not check as IMpb stays as it is.
    expect(trackingCandidates('42090210123')).toEqual(['42090210123']);
    expect(trackingCandidates('  ')).toEqual([]);
  });
});
