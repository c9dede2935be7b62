// The scan bar's second row (issue 15/16): what the next scans record — condition, reason, disposition
// and bin. Its own memoised component: a keystroke in the scan field renders the field, not these
// controls and their option lists (issue 28, speed at the scan). The panel's handlers are stable.
import { Trans, useLingui } from '@lingui/react/macro';
import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { memo, useMemo, type Ref } from 'react';
import { useAccountId } from '../../auth/session';
import { CameraScanButton } from '../../components/scan/CameraScanButton';
import { scanFeedback, scanFeedbackOn } from '../../lib/scan-feedback';
import type { LedgerCondition } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReasonOption } from '../../../contract/orders';
import { conditionOptions } from './labels';
import { dispositionOptions, needsBin } from './LedgerEntryForm';
import classes from './receiving.module.css';

export interface NextScansRowProps {
  condition: LedgerCondition;
  onCondition: (condition: LedgerCondition) => void;
  reason: string;
  onReason: (reason: string) => void;
  reasons: ReasonOption[];
  dispositions: DispositionView[];
  disposition: string;
  onDisposition: (code: string) => void;
  binRef: Ref<HTMLInputElement>;
  bin: string;
  onBin: (bin: string) => void;
  onBinDone: () => void;
}

/** The segmented control's colour per condition, from the theme. */
const CONDITION_COLOR: Record<LedgerCondition, string> = { Pristine: 'green', Reconditioning: 'blue', Scrap: 'red' };

export const NextScansRow = memo(function NextScansRow(props: NextScansRowProps) {
  const { t, i18n } = useLingui();
  const userId = useAccountId();
  const binNeeded = needsBin(props.dispositions, props.disposition);
  const conditionData = useMemo(() => conditionOptions(i18n), [i18n]);
  const reasonData = useMemo(() => props.reasons.map((r) => ({ value: r.option_code, label: r.option_value })), [props.reasons]);
  const dispositionData = useMemo(() => dispositionOptions(props.dispositions, i18n), [props.dispositions, i18n]);
  return (
    <div className={`${classes.scanRow} ${classes.nextScans}`} role="group" aria-labelledby="next-scans-label">
      <Text id="next-scans-label" size="xs" fw={600} c="dimmed" className={classes.nextScansLabel}>
        <Trans>Next scans</Trans>
      </Text>
      <SegmentedControl
        size="xs"
        className={classes.conditionControl}
        aria-label={t`Condition for the next scans`}
        data={conditionData}
        value={props.condition}
        onChange={(v) => props.onCondition(v as LedgerCondition)}
        color={CONDITION_COLOR[props.condition]}
      />
      <Select
        size="xs"
        className={classes.nextReason}
        aria-label={t`Reason for the next scans`}
        data={reasonData}
        value={props.reason || null}
        allowDeselect={false}
        onChange={(v) => v && props.onReason(v)}
      />
      <Select
        size="xs"
        className={classes.nextDisposition}
        aria-label={t`Disposition for the next scans`}
        data={dispositionData}
        value={props.disposition}
        allowDeselect={false}
        disabled={props.dispositions.length === 0}
        onChange={(v) => props.onDisposition(v ?? '')}
      />
      <TextInput
        ref={props.binRef}
        size="xs"
        className={classes.nextBin}
        aria-label={t`Bin for the next scans`}
        placeholder={binNeeded ? t`Bin (Alt+B)` : t`no bin needed`}
        disabled={!binNeeded}
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
      {binNeeded && (
        <CameraScanButton
          label={t`Scan the bin with the camera`}
          onCode={(code) => {
            props.onBin(code);
            if (scanFeedbackOn(userId)) scanFeedback(true);
            props.onBinDone();
          }}
        />
      )}
    </div>
  );
});
