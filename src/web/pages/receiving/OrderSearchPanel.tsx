import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { CustomerSummary } from '../../../contract/common';
import type { SearchField } from '../../../contract/constants';
import { CustomerSelect } from '../../components/CustomerSelect';
import classes from './receiving.module.css';

const SEARCH_FIELD_OPTIONS: { value: SearchField; label: MessageDescriptor }[] = [
  { value: 'orderNo', label: msg`Order Number` },
  { value: 'deliveryNo', label: msg`Delivery Number` },
  { value: 'webOrderNumber', label: msg`Web Order Number` },
];

export interface OrderSearchPanelProps {
  customer: CustomerSummary | undefined;
  customerId: string | null;
  onCustomerChange: (id: string | null) => void;
  field: SearchField;
  onFieldChange: (field: SearchField) => void;
  reference: string;
  onReferenceChange: (reference: string) => void;
  /** Enter in Search Reference (a scanner ends a code with it): open the order if it is the only match. */
  onReferenceEnter: (reference: string) => void;
  referenceRef?: Ref<HTMLInputElement>;
  customerRef?: Ref<HTMLInputElement>;
  /** An option was picked, even the customer already chosen: the cursor moves on to the reference. */
  onCustomerPicked?: () => void;
}

/** SPEC §2.7 Order Search panel. */
export function OrderSearchPanel(props: OrderSearchPanelProps) {
  const { customer } = props;
  const { t, i18n } = useLingui();
  const source = customer?.order_source;
  const isRest = customer?.order_source === 'Biztalk Rest';
  return (
    <Paper withBorder p="sm" component="section" aria-label={t`Order Search`}>
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Order Search</Trans>
        </Title>
        <CustomerSelect
          value={props.customerId}
          onChange={(v) => props.onCustomerChange(v)}
          // Type a name and Enter picks the first match, no arrow key needed.
          selectFirstOptionOnChange
          ref={props.customerRef}
          onOptionSubmit={props.onCustomerPicked}
          data-testid="customer-select"
        />
        {isRest && (
          <Select
            label={t`Search Field`}
            data={SEARCH_FIELD_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
            value={props.field}
            allowDeselect={false}
            onChange={(v) => v && props.onFieldChange(v as SearchField)}
          />
        )}
        <TextInput
          label={t`Search Reference`}
          // What to type is an instruction, so it is a visible description that wraps in the narrow
          // column (a placeholder was cut at the desk, in English too, and goes once typing starts).
          description={
            <>
              <span className={classes.block}>{t`Delivery, order, web order number or buyer ref`}</span>
              <span className={classes.block}>{source ? t`Source: ${source}` : t`Source: choose a customer first`}</span>
            </>
          }
          value={props.reference}
          onChange={(e) => props.onReferenceChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            props.onReferenceEnter(e.currentTarget.value);
          }}
          ref={props.referenceRef}
          disabled={!customer}
          data-testid="search-reference"
        />
        {customer?.can_blind && (
          <Anchor component={Link} to={`/blind/${customer.id}`} size="sm">
            <Trans>Create a blind return</Trans>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
