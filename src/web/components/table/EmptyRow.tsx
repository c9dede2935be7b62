import type { ReactNode } from 'react';
import { Table, Text, type MantineSize } from '@mantine/core';

/** The one row a table shows when it has nothing to list, spanning every column. */
export function EmptyRow({ colSpan, size, children }: { colSpan: number; size?: MantineSize; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" size={size}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
