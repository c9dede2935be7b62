import { Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useRef, useState } from 'react';

export type ScanOutcome = { ok: true; text: string } | { ok: false; text: string };

export interface LineFilterProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: try the text as a scanned UPC/SKU; answers what happened. */
  onScan: (code: string) => ScanOutcome | null;
}

/**
 * Filters the lines by sku, upc or name_1 while typing; Enter treats the text as a scanned code.
 * A hit clears the field for the next scan; a miss keeps it selected so the next scan replaces it.
 */
export function LineFilter({ value, onChange, onScan }: LineFilterProps) {
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <TextInput
        ref={input}
        label="Filter lines or scan a barcode"
        placeholder="SKU, UPC or name — scan + Enter adds one unit"
        leftSection={<IconBarcode size={18} />}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setOutcome(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const result = onScan(value);
          setOutcome(result);
          if (result?.ok) onChange('');
          else input.current?.select();
        }}
        data-testid="line-filter"
      />
      <Text size="sm" mt={4} c={outcome?.ok ? 'green.8' : 'red.7'} fw={500} role="status" aria-live="polite" mih={20}>
        {outcome?.text ?? ''}
      </Text>
    </div>
  );
}
