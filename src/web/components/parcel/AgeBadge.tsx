import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { ParcelView } from '../../../contract/parcels';

const COLOR = { fresh: 'gray', amber: 'yellow', red: 'red' } as const;
const WORD = { fresh: null, amber: msg`amber`, red: msg`red` } as const;

/** How long a parcel has waited: amber past its customer's first limit, red past the second. */
export function AgeBadge({ parcel }: { parcel: Pick<ParcelView, 'age_days' | 'age_level'> }) {
  const { i18n } = useLingui();
  const word = WORD[parcel.age_level];
  const days = parcel.age_days;
  return (
    <Badge color={COLOR[parcel.age_level]} variant={parcel.age_level === 'fresh' ? 'light' : 'filled'} data-age={parcel.age_level}>
      <Plural value={days} one="# day" other="# days" />
      {word ? ` · ${i18n._(word)}` : ''}
    </Badge>
  );
}
