import { Badge } from '@mantine/core';
import type { ParcelView } from '../../../contract/parcels';

const COLOR = { fresh: 'gray', amber: 'yellow', red: 'red' } as const;
const WORD = { fresh: '', amber: ' · amber', red: ' · red' } as const;

/** How long a parcel has waited: amber past its customer's first limit, red past the second. */
export function AgeBadge({ parcel }: { parcel: Pick<ParcelView, 'age_days' | 'age_level'> }) {
  const days = `${parcel.age_days} day${parcel.age_days === 1 ? '' : 's'}`;
  return (
    <Badge color={COLOR[parcel.age_level]} variant={parcel.age_level === 'fresh' ? 'light' : 'filled'} data-age={parcel.age_level}>
      {days}
      {WORD[parcel.age_level]}
    </Badge>
  );
}
