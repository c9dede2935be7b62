import { ActionIcon, Badge, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { LedgerEntry, OrderLine, ReasonOption } from '../../../contract/orders';
import { LedgerEntryForm, type EntryValues } from './LedgerEntryForm';
import { LedgerTable } from './LedgerTable';
import { ProductImage } from './ProductImage';
import { countTone, receivedCounts, TONE_STYLE, type CountTone } from './receiving-logic';
import classes from './receiving.module.css';

export interface OrderLineCardProps {
  line: OrderLine;
  previous: LedgerEntry[];
  fresh: LedgerEntry[];
  reasons: ReasonOption[];
  imageUrls: string[];
  entry: EntryValues;
  onEntryChange: (values: EntryValues) => void;
  onSave: (values: EntryValues & { quantity: number }) => void;
  onRemove: (id: LedgerEntry['id']) => void;
}

const TONE_BADGE: Record<CountTone, string> = { below: 'gray', equal: 'green', above: 'red' };

/** One order line: header with the received count, and the detail (open by default). */
export function OrderLineCard(props: OrderLineCardProps) {
  const { line, previous, fresh } = props;
  const [opened, setOpened] = useState(true);
  const counts = receivedCounts(line.id, previous, fresh);
  const tone = countTone(counts.total, line.quantity);
  const p = line.product;
  const mine = (list: LedgerEntry[]) => list.filter((l) => l.order_line_id === line.id);
  return (
    <Paper withBorder p="sm" data-testid="order-line" data-sku={p.sku} data-upc={p.upc ?? undefined}>
      <Group justify="space-between" wrap="nowrap" className={classes.lineHeader} onClick={() => setOpened((o) => !o)}>
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={opened ? `Hide ${p.sku}` : `Show ${p.sku}`}
            aria-expanded={opened}
            onClick={(e) => {
              e.stopPropagation();
              setOpened((o) => !o);
            }}
          >
            {opened ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </ActionIcon>
          <div>
            <Text size="sm" fw={600}>
              {p.name_1}
            </Text>
            <Text size="xs" c="dimmed">
              UPC {p.upc ?? '—'} · SKU {p.sku}
              {p.color ? ` · ${p.color}` : ''}
              {p.size ? ` · ${p.size}` : ''}
            </Text>
          </div>
        </Group>
        <Badge size="lg" variant="outline" color={TONE_BADGE[tone]} data-testid="received-count" data-tone={tone}>
          <Text span {...TONE_STYLE[tone]} size="sm">
            {counts.total} / {line.quantity}
          </Text>
        </Badge>
      </Group>
      <Collapse expanded={opened}>
        <Group align="flex-start" gap="md" mt="sm" wrap="nowrap">
          <ProductImage urls={props.imageUrls} alt={p.name_1} />
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <LedgerEntryForm
              lineLabel={p.sku}
              values={props.entry}
              reasons={props.reasons}
              onChange={props.onEntryChange}
              onSave={props.onSave}
            />
            <LedgerTable previous={mine(previous)} fresh={mine(fresh)} reasons={props.reasons} onRemove={props.onRemove} />
          </Stack>
        </Group>
      </Collapse>
    </Paper>
  );
}
