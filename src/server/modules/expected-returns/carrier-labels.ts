// What a scanned return label's barcode carries beyond the tracking number, per carrier, and how
// it is taken off so the scan matches the tracking number a brand announced (issue 26;
// docs/integrations.md "Expected returns: label scans"). Plain functions, no I/O.

/** GS1 check digit (USPS IMpb, SSCC): weights 3 and 1 from the right, excluding the check digit. */
export function gs1CheckDigitOk(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The lengths of a USPS IMpb tracking number (Publication 199): they start 91–95. */
const IMPB_LENGTHS = new Set([20, 22, 26, 30, 34]);
const isImpb = (digits: string) => /^9[1-5]\d+$/.test(digits) && IMPB_LENGTHS.has(digits.length) && gs1CheckDigitOk(digits);

/**
 * A scan as a comparable key: a scanner's symbology identifier (`]C1` for GS1-128) and GS1 group
 * separators (ASCII 29) dropped, spaces and dashes dropped, upper case.
 */
export function cleanScan(scan: string): string {
  return (
    scan
      .trim()
      .replace(/^\][A-Za-z]\d/, '')
      // eslint-disable-next-line no-control-regex -- GS1 FNC1 comes through as ASCII 29 (GS) or 30 (RS)
      .replace(/[\u001d\u001e\s-]/g, '')
      .toUpperCase()
  );
}

/**
 * The tracking numbers a scan may stand for, most specific first:
 * - USPS IMpb: the label's barcode is `420` + the ZIP code (5 or 9 digits) + the tracking number
 *   (20–34 digits from 91–95, GS1 check digit); the ZIP is told apart by which remainder checks.
 * - any other carrier (UPS 1Z…, DHL, PostNL, a brand's RMA barcode): the cleaned scan as it is.
 */
export function trackingCandidates(scan: string): string[] {
  const cleaned = cleanScan(scan);
  if (!cleaned) return [];
  const found: string[] = [];
  if (/^420\d+$/.test(cleaned)) {
    for (const zipLength of [9, 5]) {
      const rest = cleaned.slice(3 + zipLength);
      if (isImpb(rest)) found.push(rest);
    }
  }
  found.push(cleaned);
  return [...new Set(found)];
}

/** The key an announced tracking number is stored under: what trackingCandidates answers first for it. */
export const trackingKey = (trackingNumber: string): string => trackingCandidates(trackingNumber)[0] ?? '';
