// The scan field and what the next scans record (issue 15): Enter takes the text as a scanned UPC or
// SKU; typing filters the lines (SPEC §2.7 line filter). A miss keeps the code selected, so the next
// scan replaces it, and marks the field red without a sound; the lines stay shown.
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Paper, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconCircleCheck, IconAlertTriangle, IconKeyboard, IconKeyboardOff } from '@tabler/icons-react';
import { useDebouncedCallback, useMergedRef } from '@mantine/hooks';
import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useAccountId } from '../../auth/session';
import { CameraScanButton } from '../../components/scan/CameraScanButton';
import { useTouchScreen } from '../../lib/device';
import { scanFeedback, scanFeedbackOn } from '../../lib/scan-feedback';
import type { LedgerCondition } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReasonOption } from '../../../contract/orders';
import { NextScansRow } from './NextScansRow';
import classes from './receiving.module.css';

export type ScanOutcome = { ok: true; text: string } | { ok: false; text: string };
/** What the bar says; `seq` restarts the miss animation when the same code is missed twice in a row. */
export type ScanNotice = ScanOutcome & { seq: number };

export interface ScanBarProps {
  inputRef: Ref<HTMLInputElement>;
  /** Counts the panel's emptying of the field (a hit, a wrong or extra item recorded): each empties it. */
  clears: number;
  /** Typing, once the keys pause (an emptied field at once): the text filters the lines and the last outcome goes. */
  onChange: (value: string) => void;
  /** The first key typed while a miss is shown: its notice goes at once. */
  onTypingOverMiss: () => void;
  /** Enter: the text as a scanned code; answers what happened (null: nothing to scan). */
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
  /** The last outcome, kept by the panel (typing clears it; recording a wrong/extra item replaces a miss). */
  notice: ScanNotice | null;
}

/** How long the scan field's keys pause before its text filters the lines. */
const FILTER_PAUSE_MS = 150;

/**
 * The scan field's text is the browser's own (an uncontrolled input): a wedge scanner types a code's keys
 * and Enter in one burst, and a render of the panel per key made the Enter wait behind them (issue 28:
 * 13 keys cost a 15-line order's scan 90 ms at 4× CPU slowdown). The panel hears the text once the keys
 * pause, and never during a scan; it empties the field through `clears`.
 */
function useScanFieldText({ clears, onChange, onTypingOverMiss, notice }: ScanBarProps) {
  const field = useRef<HTMLInputElement | null>(null);
  const filterWhenPaused = useDebouncedCallback(() => onChange(field.current?.value ?? ''), FILTER_PAUSE_MS);
  useLayoutEffect(() => {
    if (clears && field.current) field.current.value = '';
  }, [clears]);
  const typed = (text: string) => {
    // A miss's red notice goes with the first key over it; a hit's waits for the pause or the next scan.
    if (notice?.ok === false) onTypingOverMiss();
    if (text) return filterWhenPaused();
    // An emptied field shows every line at once.
    filterWhenPaused.cancel();
    onChange('');
  };
  /** Enter: the text is a scan, not a filter (`cancel` read at the call: each debounced call replaces it). */
  const scanned = () => filterWhenPaused.cancel();
  return { field, typed, scanned };
}

export function ScanBar(props: ScanBarProps) {
  const { t } = useLingui();
  const text = useScanFieldText(props);
  const inputRef = useMergedRef(props.inputRef, text.field);
  const outcome = props.notice;
  const missed = outcome?.ok === false;
  // Issue 28: on a touch screen the scan field keeps the cursor without opening the on-screen keyboard
  // (a wedge scanner types for it); the keyboard button beside it opens the keyboard for typing.
  const touch = useTouchScreen();
  const [keyboard, setKeyboard] = useState(false);
  const userId = useAccountId();
  /** A scan by wedge or camera, with the tone and vibration of its outcome when the user has them on. */
  const scan = (code: string) => {
    const result = props.onScan(code);
    if (result && scanFeedbackOn(userId)) scanFeedback(result.ok);
    return result;
  };
  return (
    <Paper withBorder px="xs" py={4} className={classes.scanBar}>
      {/* First line: the scan field and what the last scan did; second: what the next scans record. */}
      <div className={classes.scanRow}>
        <TextInput
          ref={inputRef}
          className={classes.scanField}
          classNames={{ label: classes.inlineLabel }}
          label={t`Scan or filter lines`}
          // The label says scan; the hint names what may be typed, short enough for a 360 px handheld in any language.
          placeholder={t`SKU, UPC or name`}
          leftSection={<IconBarcode size={18} />}
          error={missed}
          // Two names for a miss, so a second miss in a row replays the shake.
          data-scan={outcome ? (outcome.ok ? 'hit' : outcome.seq % 2 ? 'miss' : 'miss-again') : undefined}
          aria-describedby="scan-outcome"
          onChange={(e) => text.typed(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Barcodes never hold '?': here it is the help key (issue 15: shortcuts on '?').
            if (e.key === '?') {
              e.preventDefault();
              props.onHelp();
              return;
            }
            if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey) return;
            e.preventDefault();
            text.scanned();
            const input = e.currentTarget;
            // A hit empties the field (the panel's state); anything else stays selected for the next scan.
            if (!scan(input.value)?.ok) input.select();
          }}
          data-testid="line-filter"
          inputMode={touch && !keyboard ? 'none' : undefined}
        />
        <CameraScanButton
          label={t`Scan a product with the camera`}
          onCode={(code) => {
            const hit = scan(code)?.ok;
            // As after a wedge scan: the cursor in the scan field, a missed code selected to be scanned over.
            window.setTimeout(() => {
              const field = document.querySelector<HTMLInputElement>('[data-testid="line-filter"]');
              field?.focus();
              if (!hit) field?.select();
            }, 0);
          }}
        />
        {touch && (
          <ActionIcon
            variant={keyboard ? 'filled' : 'default'}
            aria-label={t`On-screen keyboard for the scan field`}
            aria-pressed={keyboard}
            onClick={(e) => {
              setKeyboard((k) => !k);
              // The keyboard follows the field's focus: it opens (or closes) as the field takes the cursor again.
              const field = e.currentTarget.parentElement?.querySelector<HTMLInputElement>('[data-testid="line-filter"]');
              field?.blur();
              window.setTimeout(() => field?.focus(), 0);
            }}
            data-testid="scan-keyboard"
          >
            {keyboard ? <IconKeyboardOff size={20} /> : <IconKeyboard size={20} />}
          </ActionIcon>
        )}
        <Text
          id="scan-outcome"
          size="sm"
          fw={600}
          c={outcome?.ok ? 'green' : 'red'}
          role="status"
          aria-live="polite"
          className={classes.scanOutcome}
          data-miss={missed || undefined}
          title={outcome?.text}
        >
          {outcome && (outcome.ok ? <IconCircleCheck size={16} aria-hidden /> : <IconAlertTriangle size={16} aria-hidden />)}
          {outcome ? (
            <span>{outcome.text}</span>
          ) : (
            <Text span fz="xs" fw={400} c="dimmed">
              <Trans>Ready for the next scan · ? lists the keyboard shortcuts</Trans>
            </Text>
          )}
          {missed && (
            <Button size="compact-xs" variant="light" color="red" className={classes.missAction} onClick={props.onDiscrepancy}>
              <Trans>Record as wrong / extra item (Alt+I)</Trans>
            </Button>
          )}
        </Text>
      </div>
      <NextScansRow
        condition={props.condition}
        onCondition={props.onCondition}
        reason={props.reason}
        onReason={props.onReason}
        reasons={props.reasons}
        dispositions={props.dispositions}
        disposition={props.disposition}
        onDisposition={props.onDisposition}
        binRef={props.binRef}
        bin={props.bin}
        onBin={props.onBin}
        onBinDone={props.onBinDone}
      />
    </Paper>
  );
}
