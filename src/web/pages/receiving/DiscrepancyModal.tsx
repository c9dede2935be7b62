// Record a unit that is not on the order as expected (issue 16): a WRONG item (a product of the
// customer's catalogue that is not on the order, maybe instead of an order line) or an EXTRA item (more
// than ordered, or a product of another order). Opened from a missed scan (Alt+I), with its code.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import type { ProductRow } from '../../../contract/blind';
import { LIMITS, type LedgerCondition } from '../../../contract/constants';
import { defaultDisposition, DISPOSITION_MSG, type LineDiscrepancy } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';
import { useRouteQuery } from '../../api/queries';
import { messageText } from '../../i18n/server-text';
import { MSG } from '../../../contract/messages';
import { exactProduct, shouldSearch } from '../blind-return/product-search-rules';
import type { NewLedger } from './draft-reducer';
import { conditionOptions } from './labels';
import { dispositionOptions, needsBin } from './LedgerEntryForm';
import classes from './receiving.module.css';

export interface DiscrepancyModalProps {
  opened: boolean;
  /** The code a scan missed, searched at once. */
  code: string;
  order: OrderDetail;
  dispositions: DispositionView[];
  /** Condition, reason and bin of the next scans, as the starting values. */
  start: { condition: LedgerCondition; reason: string; location: string };
  onRecord: (ledger: NewLedger, product: ProductRow) => void;
  onClose: () => void;
}

export function DiscrepancyModal(props: DiscrepancyModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t`Record a wrong or extra item`} size="lg" returnFocus={false}>
      {props.opened && <DiscrepancyForm {...props} />}
    </Modal>
  );
}

function DiscrepancyForm({ code, order, dispositions, start, onRecord }: DiscrepancyModalProps) {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<LineDiscrepancy>('WRONG_ITEM');
  const [text, setText] = useState(code.trim());
  const [debounced] = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [product, setProduct] = useState<ProductRow | null>(null);
  const [replaces, setReplaces] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [condition, setCondition] = useState<LedgerCondition>(start.condition);
  const [reason, setReason] = useState(start.reason);
  const [disposition, setDisposition] = useState(defaultDisposition(dispositions, start.condition) ?? '');
  const [location, setLocation] = useState(start.location);
  const [error, setError] = useState<string | null>(null);
  const search = text === code.trim() ? text : debounced;
  const query = useRouteQuery(
    'searchProducts',
    { params: { customerId: order.customer_id }, body: { search } },
    { enabled: shouldSearch(search) },
  );
  const results = useMemo(() => (shouldSearch(search) ? (query.data ?? []) : []), [search, query.data]);
  // The scanned code names one product: it is picked at once.
  useEffect(() => {
    const hit = exactProduct(results, code);
    if (hit && !product) setProduct(hit);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer arrives
  }, [results]);
  const lineOfProduct = product ? order.order_lines.find((l) => l.product_id === product.id) : undefined;
  const binNeeded = needsBin(dispositions, disposition);
  const ordered = lineOfProduct?.quantity;

  const record = () => {
    const qty = Number(quantity);
    if (!product) return setError(t`Pick the product that came in the parcel.`);
    if (kind === 'WRONG_ITEM' && lineOfProduct)
      return setError(messageText('disposition.wrongItemOnOrder', DISPOSITION_MSG.wrongItemOnOrder));
    if (!Number.isInteger(qty) || qty < 1) return setError(messageText('auth.quantityRequired', MSG.quantityRequired));
    if (binNeeded && !location.trim()) return setError(messageText('disposition.locationRequired', DISPOSITION_MSG.locationRequired));
    onRecord(
      {
        order_line_id: kind === 'EXTRA_ITEM' && lineOfProduct ? lineOfProduct.id : null,
        product_id: product.id,
        quantity: qty,
        condition,
        reason,
        comment: '',
        disposition: disposition || null,
        location: binNeeded ? location.trim() : null,
        discrepancy: kind,
        replaces_order_line_id: kind === 'WRONG_ITEM' && replaces ? Number(replaces) : null,
      },
      product,
    );
  };

  return (
    <form
      noValidate
      data-testid="discrepancy-form"
      onSubmit={(e) => {
        e.preventDefault();
        record();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t`Discrepancy`}
          data={[
            { value: 'WRONG_ITEM', label: t`Wrong item (not on the order)` },
            { value: 'EXTRA_ITEM', label: t`Extra item (more than ordered)` },
          ]}
          value={kind}
          onChange={(v) => setKind(v as LineDiscrepancy)}
        />
        <TextInput
          label={t`Product (SKU, UPC or name)`}
          description={t`Any product of this customer's catalogue`}
          data-autofocus
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProduct(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results[0]) {
              e.preventDefault();
              setProduct(exactProduct(results, text) ?? results[0]);
            }
          }}
        />
        {!product && results.length > 0 && (
          <Stack gap={2} role="list" aria-label={t`Matching products`} className={classes.productResults}>
            {results.slice(0, 6).map((p) => (
              <UnstyledButton key={p.id} role="listitem" className={classes.productResult} onClick={() => setProduct(p)}>
                <Text size="sm" fw={600} span>
                  {p.sku}
                </Text>{' '}
                <Text size="sm" span>
                  {p.name_1} {p.color ? `· ${p.color}` : ''} {p.size ? `· ${p.size}` : ''}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
        {shouldSearch(search) && !query.isFetching && results.length === 0 && (
          <Text size="sm" c="red">
            <Trans>No product of this customer matches “{search}”.</Trans>
          </Text>
        )}
        {product && (
          <Alert color={lineOfProduct && kind === 'WRONG_ITEM' ? 'red' : 'blue'} variant="light" p="xs" data-testid="discrepancy-product">
            <Text size="sm" fw={600}>
              {product.sku} — {product.name_1}
            </Text>
            <Text size="xs">{lineOfProduct ? t`On the order (line of ${ordered}).` : t`Not on this order.`}</Text>
          </Alert>
        )}
        <SimpleGrid cols={3}>
          <NumberInput
            label={t`Quantity`}
            min={1}
            max={LIMITS.maxEntryQuantity}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
          />
          <Select
            label={t`Condition`}
            data={conditionOptions(i18n)}
            value={condition}
            allowDeselect={false}
            onChange={(v) => {
              if (!v) return;
              if (disposition === (defaultDisposition(dispositions, condition) ?? ''))
                setDisposition(defaultDisposition(dispositions, v) ?? '');
              setCondition(v as LedgerCondition);
            }}
          />
          <Select
            label={t`Reason`}
            data={order.reasons.map((r) => ({ value: r.option_code, label: r.option_value }))}
            value={reason || null}
            allowDeselect={false}
            onChange={(v) => v && setReason(v)}
          />
          <Select
            label={t`Disposition`}
            data={dispositionOptions(dispositions, i18n)}
            value={disposition}
            allowDeselect={false}
            onChange={(v) => setDisposition(v ?? '')}
          />
          <TextInput
            label={t`Bin`}
            disabled={!binNeeded}
            value={binNeeded ? location : ''}
            onChange={(e) => setLocation(e.currentTarget.value)}
          />
          {kind === 'WRONG_ITEM' && (
            <Select
              label={t`Instead of order line`}
              placeholder={t`unknown`}
              clearable
              data={order.order_lines.map((l) => ({ value: String(l.id), label: `${l.product.sku} (${l.quantity})` }))}
              value={replaces}
              onChange={setReplaces}
            />
          )}
        </SimpleGrid>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit">{kind === 'WRONG_ITEM' ? t`Record wrong item` : t`Record extra item`}</Button>
        </Group>
      </Stack>
    </form>
  );
}
