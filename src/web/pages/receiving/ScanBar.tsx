// The scan field and what the next scans record (issue 15): Enter takes the text as a scanned UPC or
// SKU; typing filters the lines (SPEC §2.7 line filter). A miss keeps the code selected, so the next
// scan replaces it, and marks the field red without a sound; the lines stay shown.
import { Button, Group, Paper, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import type { Ref } from 'react';
import { LEDGER_CONDITIONS, type LedgerCondition } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReasonOption } from '../../../contract/orders';
import { dispositionOptions, needsBin } from './LedgerEntryForm';
import classes from './receiving.module.css';

export type ScanOutcome = { ok: true; text: string } | { ok: false; text: string };
/** What the bar says; `seq` restarts the miss animation when the same code is missed twice in a row. */
export type ScanNotice = ScanOutcome & { seq: number };

export interface ScanBarProps {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** Enter: the text as a scanned code; answers what happened. */
  onScan: (code: string) => ScanOutcome | null;
  condition: LedgerCondition;
  onCondition: (condition: LedgerCondition) => void;
  reason: string;
  onReason: (reason: string) => void;
  reasons: ReasonOption[];
  onHelp: () => void;
  /** Issue 16: the disposition and bin of the next scans, and the wrong/extra item action of a miss. */
  dispositions: DispositionView[];
  disposition: string;
  onDisposition: (code: string) => void;
  binRef: Ref<HTMLInputElement>;
  bin: string;
  onBin: (bin: string) => void;
  onBinDone: () => void;
  onDiscrepancy: () => void;
  /** The last outcome, kept by the panel so that recording a wrong/extra item can replace a miss. */
  outcome: ScanNotice | null;
  onOutcome: (outcome: ScanNotice | null) => void;
}

export function ScanBar(props: ScanBarProps) {
  const { outcome, onOutcome: setOutcome } = props;
  const missed = outcome?.ok === false;
  return (
    <Paper withBorder px="xs" py={6} className={classes.scanBar}>
      <Group gap="sm" wrap="nowrap" align="center" justify="space-between">
        <TextInput
          ref={props.inputRef}
          className={classes.scanField}
          classNames={{ label: classes.inlineLabel }}
          label="Scan or filter lines"
          placeholder="Scan, or type SKU, UPC or name"
          leftSection={<IconBarcode size={18} />}
          value={props.value}
          error={missed}
          // Two names for a miss, so a second miss in a row replays the shake.
          data-scan={outcome ? (outcome.ok ? 'hit' : outcome.seq % 2 ? 'miss' : 'miss-again') : undefined}
          aria-describedby="scan-outcome"
          onChange={(e) => {
            props.onChange(e.currentTarget.value);
            setOutcome(null);
          }}
          onKeyDown={(e) => {
            // Barcodes never hold '?': here it is the help key (issue 15: shortcuts on '?').
            if (e.key === '?') {
              e.preventDefault();
              props.onHelp();
              return;
            }
            if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey) return;
            e.preventDefault();
            const input = e.currentTarget;
            const result = props.onScan(input.value);
            setOutcome(result && { ...result, seq: (outcome?.seq ?? 0) + 1 });
            if (result?.ok) props.onChange('');
            else input.select();
          }}
          data-testid="line-filter"
        />
        <Group gap={6} wrap="nowrap" role="group" aria-labelledby="next-scans-label">
          <Text id="next-scans-label" size="xs" fw={600} c="gray.7" className={classes.nowrap}>
            Next scans
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Condition for the next scans"
            data={[...LEDGER_CONDITIONS]}
            value={props.condition}
            onChange={(v) => props.onCondition(v as LedgerCondition)}
            color={props.condition === 'Pristine' ? 'green' : props.condition === 'Scrap' ? 'red' : 'blue'}
          />
          <Select
            size="xs"
            w={150}
            aria-label="Reason for the next scans"
            data={props.reasons.map((r) => ({ value: r.option_code, label: r.option_value }))}
            value={props.reason || null}
            allowDeselect={false}
            onChange={(v) => v && props.onReason(v)}
          />
          <Select
            size="xs"
            w={112}
            aria-label="Disposition for the next scans"
            data={dispositionOptions(props.dispositions)}
            value={props.disposition}
            allowDeselect={false}
            disabled={props.dispositions.length === 0}
            onChange={(v) => props.onDisposition(v ?? '')}
          />
          <TextInput
            ref={props.binRef}
            size="xs"
            w={96}
            aria-label="Bin for the next scans"
            placeholder={needsBin(props.dispositions, props.disposition) ? 'Bin (Alt+B)' : 'no bin'}
            disabled={!needsBin(props.dispositions, props.disposition)}
            value={props.bin}
            maxLength={100}
            onChange={(e) => props.onBin(e.currentTarget.value)}
            onKeyDown={(e) => {
              // A scanned bin ends with Enter: the cursor goes back to the scan field.
              if (e.key !== 'Enter' || e.altKey) return;
              e.preventDefault();
              props.onBinDone();
            }}
            data-testid="scan-bin"
          />
        </Group>
      </Group>
      <Text
        id="scan-outcome"
        size="sm"
        fw={600}
        c={outcome?.ok ? 'green' : 'red'}
        role="status"
        aria-live="polite"
        className={classes.scanOutcome}
        data-miss={missed || undefined}
      >
        {outcome && (outcome.ok ? <IconCircleCheck size={16} aria-hidden /> : <IconAlertTriangle size={16} aria-hidden />)}
        {outcome ? (
          <span>{outcome.text}</span>
        ) : (
          <Text span fz="xs" fw={400} c="gray.7">
            Ready for the next scan · ? lists the keyboard shortcuts
          </Text>
        )}
        {missed && (
          <Button size="compact-xs" variant="light" color="red" ml="xs" onClick={props.onDiscrepancy}>
            Record as wrong / extra item (Alt+I)
          </Button>
        )}
      </Text>
    </Paper>
  );
}
