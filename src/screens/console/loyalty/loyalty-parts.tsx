/**
 * What the Loyalty area's earning rules and stamp cards share: a status's badge tone, the Edit / Pause or
 * Resume / End buttons, and the status change with its notice.
 */
import { useState } from 'react';
import { t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RuleStatus } from '#contract/loyalty';
import { Button, Card, SkeletonGroup, SkeletonText } from '../../../ui';

export const STATUS_TONE = { active: 'success', paused: 'warning', ended: 'neutral' } as const;
/** What was done ("Paused Coffee card."), by the status set. */
const doneWords = (status: RuleStatus, name: string) =>
  status === 'active' ? say`Resumed ${name}.` : status === 'paused' ? say`Paused ${name}.` : say`Ended ${name}.`;

/** An item's buttons while it is not ended (an ended one is final: nothing to press). */
export function StatusButtons({
  name,
  status,
  busy,
  onEdit,
  onStatus,
  onEnd,
}: {
  name: string;
  status: RuleStatus;
  busy: boolean;
  onEdit: () => void;
  onStatus: (status: RuleStatus) => void;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  if (status === 'ended') return null;
  const active = status === 'active';
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`} disabled={busy}>
        {t`Edit`}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        onClick={() => onStatus(active ? 'paused' : 'active')}
        aria-label={active ? t`Pause ${name}` : t`Resume ${name}`}
      >
        {active ? t`Pause` : t`Resume`}
      </Button>
      <Button size="sm" variant="ghost" onClick={onEnd} aria-label={t`End ${name}`} disabled={busy}>
        {t`End`}
      </Button>
    </div>
  );
}

/** A list's status changes: which item is busy, and what was done ("Paused Coffee card.") or refused. */
export function useStatusChanges<T extends { id: number; name: string }>(onStatus: (id: number, status: RuleStatus) => Promise<string | null>) {
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [ending, setEnding] = useState<T | null>(null);
  async function change(item: T, status: RuleStatus) {
    setDone(null);
    setFailed(null);
    setBusy(item.id);
    const refused = await onStatus(item.id, status);
    setBusy(null);
    const { name } = item;
    if (refused) setFailed(say`${name}: ${refused}`);
    else setDone(doneWords(status, name));
  }
  return { done, setDone, failed, busy, ending, setEnding, change };
}

/** A list's loading state: cards of grey lines. */
export function CardsLoading({ label, cards }: { label: string; cards: number }) {
  return (
    <SkeletonGroup label={label} className="flex flex-col gap-3">
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i}>
          <SkeletonText lines={3} />
        </Card>
      ))}
    </SkeletonGroup>
  );
}
