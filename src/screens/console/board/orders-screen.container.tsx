import { useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { consoleHref } from '#contract/console-routes';
import type { BoardOrder } from '#contract/board';
import type { SiteSettings } from '#contract';
import { useAdvanceOrder, useBoard, useCancelOrder, useMarkOrderPaid } from '../../../api/board';
import { useMerchantLocations, usePauseLocation } from '../../../api/locations';
import { useStaffMe } from '../../../api/staff';
import { useWorkingLocation } from '../../../console/working-location';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { useRowActions } from '../shared/save.container';
import { consoleLink } from '../../../console/link';
import { OrdersBoardScreen } from './orders-screen';

const SOUND_KEY = 'console.board.sound';

/** The live region's news of an order that arrived. */
const newOrderWords = (order: string, customer: string) => t`New order ${order} for ${customer}`;

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** A short two-tone chime made on the spot (no sound file to load). */
function chime(): void {
  try {
    const ctx = new AudioContext();
    [880, 1175].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.2, ctx.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.3);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // no sound on this device: the highlight and the announcement remain
  }
}

/**
 * New paid orders since the board opened: highlighted (and a chime, when on) until they move on.
 * The orders on the board when it opens are not new.
 */
function useFreshOrders(orders: BoardOrder[] | undefined, sound: boolean) {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const soundRef = useRef(sound);
  soundRef.current = sound;
  useEffect(() => {
    if (!orders) return;
    if (seen.current === null) {
      seen.current = new Set(orders.map((o) => o.name));
      return;
    }
    const arrived = orders.filter((o) => o.status === 'paid' && !seen.current!.has(o.name));
    for (const o of orders) seen.current.add(o.name);
    setFresh((prev) => {
      const next = new Set([...prev].filter((name) => orders.some((o) => o.name === name && o.status === 'paid')));
      for (const o of arrived) next.add(o.name);
      return next;
    });
    if (arrived.length > 0) {
      setAnnouncement(arrived.map((o) => newOrderWords(o.name, o.customer_first_name)).join('. '));
      if (soundRef.current) chime();
    }
  }, [orders]);
  return { fresh, announcement };
}

/** /merchant/orders (staff and owners). */
export default function OrdersBoardContainer() {
  const settings = useSettings().data as SiteSettings | undefined;
  const owner = useStaffMe().data?.staff.role === 'owner';
  const locations = useMerchantLocations();
  const working = useWorkingLocation(locations.data?.locations, owner);
  const board = useBoard(working.choice);
  const pause = usePauseLocation();
  const pauses = useRowActions<number>();
  const advance = useAdvanceOrder();
  const cancel = useCancelOrder();
  const markPaid = useMarkOrderPaid();
  const [sound, setSound] = useState(readSound);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const rows = useRowActions<string>();
  const { fresh, announcement } = useFreshOrders(board.data?.orders, sound);

  return (
    <OrdersBoardScreen
      orders={board.data?.orders}
      awaiting={board.data?.awaiting_payment}
      done={board.data?.done}
      demoProgress={board.data?.demo_progress ?? null}
      loading={board.isLoading}
      error={board.error ? messageOf(board.error) : null}
      onRetry={() => void board.mutate()}
      now={board.data?.server_time ?? new Date().toISOString()}
      fresh={fresh}
      announcement={announcement}
      onAdvance={(o) => void rows.act(o.name, () => advance(o.name, o.status))}
      onCancel={(o, reason) =>
        void rows
          .act(o.name, () => cancel(o.name, reason))
          .then((done) => {
            if (done) setCancelling(null);
          })
      }
      onMarkPaid={(o, how) => void rows.act(o.name, () => markPaid(o.name, how))}
      busy={rows.busy}
      actionError={rows.error && rows.failed !== null ? { name: rows.failed, message: rows.error } : null}
      cancelling={cancelling}
      onCancelOpen={(name) => {
        rows.reset();
        setCancelling(name);
      }}
      sound={sound}
      onSoundChange={(on) => {
        setSound(on);
        try {
          localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
        } catch {
          // private browsing: remembered until the page closes
        }
        if (on) chime();
      }}
      ticketHref={(name) => consoleHref('ticket', { name })}
      renderLink={consoleLink}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      timeZone={settings?.timezone}
      locations={locations.data?.locations}
      locationId={working.choice}
      onLocationChange={working.choose}
      canChooseAll={owner}
      onPause={(id, choice) => void pauses.act(id, () => pause(id, choice))}
      pausing={pauses.busy}
      pauseError={pauses.error}
    />
  );
}
