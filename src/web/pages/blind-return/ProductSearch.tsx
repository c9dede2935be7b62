// Product search of the Blind Return screen (SPEC §2.8): debounced 500 ms, more than 2 characters,
// not for texts starting with '[Result'. A scanner's code followed by Enter adds that product at once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { CameraScanButton } from '../../components/scan/CameraScanButton';
import { useTouchScreen } from '../../lib/device';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBarcode } from '@tabler/icons-react';
import type { ProductRow } from '../../../contract/blind';
import { LIMITS } from '../../../contract/constants';
import { fetchRoute, isApiError, routeKey, useRouteQuery } from '../../api/queries';
import { exactProduct, shouldSearch } from './product-search-rules';

export function ProductSearch({
  customerId,
  onPick,
  onScan,
  inputRef,
}: {
  customerId: number;
  onPick: (p: ProductRow) => void;
  onScan: (p: ProductRow) => void;
  /** The page moves the cursor here (after Reference 1, on F2). */
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useLingui();
  const touch = useTouchScreen();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [missed, setMissed] = useState(false);
  const client = useQueryClient();
  const searchInput = (search: string) => ({ params: { customerId }, body: { search } });
  const query = useRouteQuery('searchProducts', searchInput(debounced), { enabled: shouldSearch(debounced) });
  const results = useMemo(() => (shouldSearch(debounced) ? (query.data ?? []) : []), [debounced, query.data]);
  const loading = query.isFetching;
  // A fresh answer opens the list (while the field has the cursor), as typing does.
  useEffect(() => {
    if (query.data && document.activeElement === inputRef.current) combobox.openDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is stable
  }, [query.data]);

  function clear() {
    setText('');
    combobox.closeDropdown();
    inputRef.current?.focus();
  }

  async function scan(code: string) {
    if (!shouldSearch(code)) return;
    // The field empties at once: a scanner sends the next code without waiting for this answer.
    clear();
    setMissed(false);
    // The cache's answer when the debounced search already asked for this code.
    const lookup = searchInput(code);
    const found = await client
      .fetchQuery({
        queryKey: routeKey('searchProducts', lookup),
        queryFn: ({ signal }) => fetchRoute('searchProducts', lookup, { signal }),
      })
      .catch((e: unknown) => {
        if (isApiError(e)) return null;
        throw e;
      });
    if (!found) return;
    const product = exactProduct(found, code);
    if (product) {
      onScan(product);
      return;
    }
    // A miss: the code comes back selected (unless the next scan already started) so the next scan replaces it.
    const input = inputRef.current;
    if (input && input.value === '') {
      setText(code);
      setMissed(true);
      window.setTimeout(() => input.select(), 0);
    }
    notifications.show({
      id: `no-such-product-${code}`,
      color: 'orange',
      title: t`No such product`,
      message: t`No product of this customer has the SKU or UPC '${code}'.`,
    });
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const product = results.find((p) => String(p.id) === value);
        if (product) onPick(product);
        clear();
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          label={t`Product Search`}
          description={t`SKU, UPC or name (3 characters or more); scan a barcode and press Enter to add it`}
          placeholder={t`Search or scan a product`}
          leftSection={<IconBarcode size={16} />}
          rightSection={
            loading ? (
              <Loader size={16} />
            ) : (
              // Issue 28: a camera read goes where a wedge scan goes (the code, then Enter).
              <CameraScanButton
                label={t`Scan a product with the camera`}
                onCode={(code) => {
                  setText(code);
                  void scan(code);
                }}
              />
            )
          }
          rightSectionPointerEvents="all"
          rightSectionWidth={touch ? 44 : 36}
          value={text}
          error={missed}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setMissed(false);
            combobox.resetSelectedOption();
          }}
          onFocus={() => results.length && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // Enter on a highlighted option is the dropdown's; otherwise it is a scanner's code.
            if (e.key !== 'Enter' || e.altKey || (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1)) return;
            e.preventDefault();
            void scan(text.trim());
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={results.length === 0 && !shouldSearch(debounced)}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={t`Products found`}>
          {results.length === 0 ? (
            <Combobox.Empty>{loading ? t`Searching…` : t`No product matches`}</Combobox.Empty>
          ) : (
            results.map((p) => (
              <Combobox.Option value={String(p.id)} key={p.id}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <div>
                    <Text size="sm" fw={600}>
                      {p.sku}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.name_1}
                    </Text>
                  </div>
                  <Text size="xs" c="dimmed">
                    {[p.upc, [p.color, p.size].filter(Boolean).join(' | ')].filter(Boolean).join(' · ')}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
