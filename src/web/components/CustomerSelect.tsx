// Picker of the session's customers (SPEC §2.7, §2.9, §2.15). The reserved system customer is never offered.
import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { RESERVED_COMPANY } from '../../contract/constants';
import type { CustomerSummary } from '../../contract/common';
import { useSession } from '../auth/session';

export const ALL_CUSTOMERS = 'All';

export interface CustomerSelectProps extends Omit<SelectProps, 'data' | 'onChange' | 'value'> {
  /** The customer id as a string, 'All', or null (optional so `{...form.getInputProps('customer_id')}` fits). */
  value?: string | null;
  onChange?: (value: string | null, customer: CustomerSummary | undefined) => void;
  /** Adds an 'All' entry (value 'All') first. */
  withAll?: boolean;
  /** Another list than the session's (admin screens). */
  customers?: CustomerSummary[];
  /** Entries after 'All' and before the customers (e.g. 'No customer yet'). */
  extra?: { value: string; label: string }[];
}

export function CustomerSelect({ value, onChange, withAll = false, customers, extra, label, ...rest }: CustomerSelectProps) {
  const { t } = useLingui();
  const session = useSession();
  const list = customers ?? session.customers;
  const visible = useMemo(
    () => list.filter((c) => c.company !== RESERVED_COMPANY).sort((a, b) => a.company.localeCompare(b.company)),
    [list],
  );
  const data = useMemo(
    () => [
      ...(withAll ? [{ value: ALL_CUSTOMERS, label: t`All` }] : []),
      ...(extra ?? []),
      ...visible.map((c) => ({ value: String(c.id), label: c.company })),
    ],
    [visible, withAll, extra, t],
  );
  return (
    <Select
      label={label === undefined ? t`Customer` : label}
      placeholder={t`Choose a customer`}
      searchable
      nothingFoundMessage={t`No customer matches`}
      allowDeselect={false}
      {...rest}
      data={data}
      value={value}
      onChange={(v) =>
        onChange?.(
          v,
          visible.find((c) => String(c.id) === v),
        )
      }
    />
  );
}
