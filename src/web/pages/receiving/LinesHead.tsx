import { Trans, useLingui } from '@lingui/react/macro';
import { Table, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';

/** The order lines' column heads: memoised, as a scan renders the table again and never changes them (issue 28). */
export const LinesHead = memo(function LinesHead() {
  const { t } = useLingui();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={26}>
          <VisuallyHidden>
            <Trans>Detail</Trans>
          </VisuallyHidden>
        </Table.Th>
        <Table.Th w={36}>
          <VisuallyHidden>
            <Trans>Image</Trans>
          </VisuallyHidden>
        </Table.Th>
        <Table.Th w={150}>
          <Trans>SKU / UPC</Trans>
        </Table.Th>
        <Table.Th>
          <Trans>Name / Colour | Size</Trans>
        </Table.Th>
        <Table.Th w={68} ta="center">
          <Trans context="quantity">Received</Trans>
        </Table.Th>
        <Table.Th w={44}>
          <Trans>Qty</Trans>
        </Table.Th>
        <Table.Th w={132}>
          <Trans>Condition</Trans>
        </Table.Th>
        <Table.Th w={158}>
          <Trans>Reason</Trans>
        </Table.Th>
        <Table.Th w={92}>
          <Trans>Comment</Trans>
        </Table.Th>
        <Table.Th w={132}>
          <Trans>Disposition / Bin</Trans>
        </Table.Th>
        {/* A fixed layout does not grow a column to its content: Save's column is as wide as its word
            needs (German's Speichern, 40% longer pseudo texts) beside the line's action, 92 px at least (English's
            stays 92: a wider column cut the desk's product names). */}
        <Table.Th style={{ width: `max(92px, calc(${t`Save`.length * 1.15}ch + 52px))` }}>
          <VisuallyHidden>
            <Trans>Save, missing or remove</Trans>
          </VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
});
