// Correct a submitted return (issue 11, admins): the lines as they should be (disposition and bin
// too), the order lines missing from the parcel, and why. The server checks the version this dialog
// was opened on: another admin's correction meanwhile is a 409. Rendered only while open, so each
// opening starts from the return as it is now.
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProductRow } from '../../../contract/blind';
import { DEFAULT_BLIND_CONDITION, DEFAULT_CONDITION } from '../../../contract/constants';
import { correctionBody } from '../../../contract/corrections';
import type { ReturnView } from '../../../contract/return-view';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { ProductSearch } from '../blind-return/ProductSearch';
import { CorrectionLinesTable } from './CorrectionLinesTable';
import { CorrectionMissingLines } from './CorrectionMissingLines';
import { binRule, correctionRequest, initialCorrection, newCorrectionLine, type CorrectionValues } from './correction-form';
import { OrderLinePicker } from './correction-table';

/** The customer's reasons and dispositions and, for an order-based return, the order's lines a new line may name. */
function useCorrectionChoices(r: ReturnView, opened: boolean) {
  const order = useRouteQuery(
    'loadOrder',
    { params: { source: r.order?.source ?? '', id: r.order_id ?? 0 }, body: {} },
    { enabled: opened && r.order !== null },
  );
  const blind = useRouteQuery('blindSetup', { params: { customerId: r.customer_id } }, { enabled: opened && r.order === null });
  const dispositions = useRouteQuery('listDispositions', { params: { customerId: r.customer_id } }, { enabled: opened, quiet: true });
  const reasons = (r.order ? order.data?.reasons : blind.data?.reasons) ?? [];
  return {
    reasons,
    dispositions: dispositions.data ?? [],
    orderLines: order.data?.order_lines ?? [],
    loading: r.order ? order.isPending : blind.isPending,
  };
}

export function CorrectionModal({
  r,
  opened,
  onClose,
  onSaved,
}: {
  r: ReturnView;
  opened: boolean;
  onClose: () => void;
  onSaved: (r: ReturnView) => void;
}) {
  const { t } = useLingui();
  const { reasons, dispositions, orderLines, loading } = useCorrectionChoices(r, opened);
  const orderBased = r.order !== null;
  const [changed, setChanged] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const productRef = useRef<HTMLInputElement>(null);
  const request = (v: CorrectionValues) => correctionRequest(r.version, v, { orderBased, needsBin: binRule(dispositions) });
  const form = useForm<CorrectionValues>({
    initialValues: initialCorrection(r),
    validate: schemaValidate(correctionBody, { toBody: request }),
  });
  const save = useRouteMutation('correctReturn', {
    toInput: (v: CorrectionValues) => ({ params: { returnId: r.id }, body: request(v) }),
    invalidates: ['readReturn', 'listReturns'],
    // The dialog's 'The return changed' is the one message of a conflict, no red notification beside it (issue 28).
    quietFor: [409],
    onSuccess: (view) => onSaved(view),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setChanged(true);
      else setServerErrors(form, error);
    },
  });
  const firstReason = reasons[0]?.option_code ?? '';
  const lineOptions = orderLines.map((l) => ({ value: String(l.id), label: `${l.product.sku} · ${l.product.name_1}` }));

  const addOrderLine = () => {
    const line = orderLines.find((l) => String(l.id) === adding);
    if (!line) return;
    const what = { order_line_id: line.id, sku: line.product.sku, name: line.product.name_1 };
    form.insertListItem('lines', newCorrectionLine(what, DEFAULT_CONDITION, firstReason, dispositions));
    setAdding(null);
  };
  // A blind return's new line: a product of the customer, with the blind screen's defaults (SPEC §4).
  const addProduct = (p: ProductRow) =>
    form.insertListItem(
      'lines',
      newCorrectionLine({ product_id: p.id, sku: p.sku, name: p.name_1 }, DEFAULT_BLIND_CONDITION, firstReason, dispositions),
    );
  const linesError = form.errors.lines;
  const [returnId, version, next] = [r.id, r.version, r.version + 1];

  return (
    <Modal opened={opened} onClose={onClose} title={t`Correct Return #${returnId}`} size={1240} closeOnClickOutside={false}>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>
              Version {version}. Saving makes version {next}: the submitted return stays in the version list, and every connection the
              return was sent to gets a correction message.
            </Trans>
          </Text>
          {changed && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The return changed`} data-testid="correction-conflict">
              <Trans>
                Another correction was saved since you opened this return. Close this dialog, check the new version and correct it again.
              </Trans>
            </Alert>
          )}
          <CorrectionLinesTable form={form} reasons={reasons} dispositions={dispositions} />
          {linesError && (
            <Text size="sm" c="red" role="alert">
              {linesError}
            </Text>
          )}
          {orderBased ? (
            <OrderLinePicker
              label={t`Add a line of the order`}
              placeholder={loading ? t`Loading the order…` : t`Pick an order line`}
              choices={lineOptions}
              value={adding}
              onChange={setAdding}
              onAdd={addOrderLine}
              action={t`Add line`}
            />
          ) : (
            <div style={{ maxWidth: 520 }} data-testid="correction-product-search">
              <ProductSearch customerId={r.customer_id} onPick={addProduct} onScan={addProduct} inputRef={productRef} />
            </div>
          )}
          {orderBased && <CorrectionMissingLines form={form} orderLines={orderLines} />}
          <Textarea
            label={t`Why is the return corrected?`}
            description={t`Required; kept with the version and sent with the correction message.`}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('comment')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={save.isPending} disabled={changed}>
              <Trans>Save correction</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
