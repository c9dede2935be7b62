import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, HoverCard, LoadingOverlay, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ORDER_STATUS_NEW } from '../../../contract/constants';
import type { OrderSearchResult } from '../../../contract/orders';
import { orderStatusLabel } from './labels';
import { matchedReference } from './receiving-logic';
import classes from './receiving.module.css';

export interface SearchResultsProps {
  results: OrderSearchResult[];
  loading: boolean;
  searched: string | null;
  selectedId: number | null;
  onSelect: (result: OrderSearchResult) => void;
}

const CARD_FIELDS: [keyof OrderSearchResult, MessageDescriptor][] = [
  ['delivery_name_1', msg`Name 1`],
  ['delivery_name_2', msg`Name 2`],
  ['delivery_contact', msg`Contact`],
  ['reference_1', msg`Del #`],
  ['reference_2', msg`Order #`],
  ['reference_3', msg`Web Order #`],
  ['reference_4', msg`Buyer Ref`],
];

/** The list line is titled by the reference the search matched (issue 15). */
const titleOf = (r: OrderSearchResult, searched: string | null) => matchedReference(r, searched) ?? `#${r.id ?? ''}`;

/** The accessible name of a result: the order and its status. */
function resultName(i18n: I18n, r: OrderSearchResult, searched: string | null) {
  const title = titleOf(r, searched);
  const status = orderStatusLabel(i18n, r.order_status);
  return i18n._(msg`Order ${title}, status ${status}`);
}
const keyOf = (r: OrderSearchResult) => `${r.source}-${r.id ?? r.reference_1 ?? r.reference_2 ?? ''}`;

/** SPEC §2.7 Search Results: red marker for 'New', green otherwise; a hover card with the details. */
export function SearchResults({ results, loading, searched, selectedId, onSelect }: SearchResultsProps) {
  // The card of a result just picked stays closed until the pointer leaves it: it would cover the order.
  const [picked, setPicked] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder p="sm" pos="relative" component="section" aria-label={t`Search Results`} mih={120}>
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
      <Title order={4} mb="sm">
        <Trans>Search Results</Trans>
      </Title>
      {searched !== null && results.length === 0 && !loading && (
        <Text c="dimmed" size="sm">
          <Trans>No order matches “{searched}”.</Trans>
        </Text>
      )}
      {/* A list of buttons: each result is an item (named after the order) holding the button that opens it. */}
      <Stack gap={4} component="ul" className={classes.resultList}>
        {results.map((r) => (
          <li key={keyOf(r)} aria-label={resultName(i18n, r, searched)}>
            <HoverCard position="right" withArrow openDelay={200} shadow="md" width={280} disabled={picked === keyOf(r)}>
              <HoverCard.Target>
                <UnstyledButton
                  className={classes.result}
                  data-selected={r.id !== null && r.id === selectedId ? true : undefined}
                  onClick={() => {
                    setPicked(keyOf(r));
                    onSelect(r);
                  }}
                  onMouseLeave={() => setPicked((k) => (k === keyOf(r) ? null : k))}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Box
                      component="span"
                      className={classes.marker}
                      data-status={r.order_status === ORDER_STATUS_NEW ? 'new' : 'other'}
                      data-testid="status-marker"
                      aria-hidden
                    />
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {titleOf(r, searched)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[r.delivery_name_1, orderStatusLabel(i18n, r.order_status)].filter(Boolean).join(' · ')}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              </HoverCard.Target>
              <HoverCard.Dropdown>
                <Stack gap={2}>
                  {CARD_FIELDS.filter(([k]) => r[k]).map(([k, label]) => (
                    <Text size="sm" key={k}>
                      <Text span fw={600}>
                        {i18n._(label)}:
                      </Text>{' '}
                      {String(r[k])}
                    </Text>
                  ))}
                </Stack>
              </HoverCard.Dropdown>
            </HoverCard>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
