import type { ReactNode } from 'react';
import { Table, Text, type MantineSize, type MantineSpacing } from '@mantine/core';

/** The one row a table shows when it has nothing to list, spanning every column. */
export function EmptyRow({
  colSpan,
  size,
  py,
  children,
}: {
  colSpan: number;
  size?: MantineSize;
  py?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" size={size} py={py}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
