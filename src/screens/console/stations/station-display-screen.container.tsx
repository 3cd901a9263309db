import { plural, t as say } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { StationTicket } from '#contract/stations';
import { useBumpLines, useStationTickets } from '../../../api/stations';
import { useOffline } from '../../../api/reachable';
import { messageOf } from '../../../shared/errors';
import { consoleLink } from '../../../console/link';
import { useRowActions } from '../shared/save.container';
import { StationDisplayScreen } from './station-display-screen';

const MUTE_KEY = 'console.station.muted';

/**
 * The screen's sound: browsers let a page play sound only after someone touched it, so the audio is
 * made at the first tap or key and a new ticket's beep is silent until then.
 */
function useBeep(muted: boolean): () => void {
  const audio = useRef<AudioContext | null>(null);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  useEffect(() => {
    const unlock = () => {
      try {
        audio.current ??= new AudioContext();
        void audio.current.resume();
      } catch {
        // no sound on this device: the announcement remains
      }
    };
    addEventListener('pointerdown', unlock);
    addEventListener('keydown', unlock);
    return () => {
      removeEventListener('pointerdown', unlock);
      removeEventListener('keydown', unlock);
      void audio.current?.close();
    };
  }, []);
  return () => {
    const ctx = audio.current;
    if (mutedRef.current || !ctx || ctx.state !== 'running') return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 988;
    gain.gain.setValueAtTime(0.25, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
  };
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** "New ticket A-12 for table 4" (or for the pickup name), for a screen reader. */
function newTicketWords({ order, table_label: table, pickup_name: name }: StationTicket): string {
  return table ? say`New ticket ${order} for table ${table}` : say`New ticket ${order} for ${name}`;
}

/** What Undo would undo, in words: "make again 2 items of A-12". */
function undoWords({ order, lineIds, bumped }: LastTap): string {
  const count = lineIds.length;
  return bumped
    ? plural(count, { one: `make again an item of ${order}`, other: `make again # items of ${order}` })
    : plural(count, { one: `bump again an item of ${order}`, other: `bump again # items of ${order}` });
}

/** Tickets that were not on the screen before (not those there when it opened): a beep and a screen reader's news. */
function useNewTickets(tickets: StationTicket[] | undefined, beep: () => void): string {
  const seen = useRef<Set<string> | null>(null);
  const [news, setNews] = useState('');
  useEffect(() => {
    if (!tickets) return;
    if (seen.current === null) {
      seen.current = new Set(tickets.map((t) => t.order));
      return;
    }
    const arrived = tickets.filter((t) => !seen.current!.has(t.order));
    for (const t of arrived) seen.current.add(t.order);
    if (arrived.length > 0) {
      setNews(arrived.map(newTicketWords).join('. '));
      beep();
    }
  }, [tickets, beep]);
  return news;
}

/** What the last tap did, for Undo: those lines, bumped or un-bumped. */
interface LastTap {
  order: string;
  lineIds: number[];
  bumped: boolean;
}

/** /merchant/stations/:id/display (staff and owners): one station's screen, asked again every 3 s. */
export default function StationDisplayContainer() {
  const { id = '' } = useParams();
  const stationId = /^\d+$/.test(id) ? Number(id) : null;
  const tickets = useStationTickets(stationId);
  const offline = useOffline();
  const bump = useBumpLines();
  const rows = useRowActions<string>();
  const [muted, setMuted] = useState(readMuted);
  const [last, setLast] = useState<LastTap | null>(null);
  const beep = useBeep(muted);
  const beepRef = useRef(beep);
  beepRef.current = beep;
  const [stableBeep] = useState(() => () => beepRef.current());
  const announcement = useNewTickets(tickets.data?.tickets, stableBeep);
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date().toISOString()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const run = (order: string, lineIds: number[] | undefined, bumped: boolean) =>
    void rows.act(order, async () => {
      if (stationId === null) return;
      const answer = await bump({ station_id: stationId, order, ...(lineIds ? { line_ids: lineIds } : {}) }, bumped);
      setLast(answer.changed.length ? { order, lineIds: answer.changed, bumped } : null);
    });

  return (
    <StationDisplayScreen
      data={tickets.data}
      loading={tickets.isLoading}
      error={tickets.error ? messageOf(tickets.error) : stationId === null ? say`This station does not exist.` : null}
      onRetry={() => void tickets.mutate()}
      offline={Boolean(tickets.data) && (offline || Boolean(tickets.error))}
      // the server's clock while it answers (a tablet's own may be off); the page's while it does not
      now={tickets.data && !tickets.error ? tickets.data.server_time : now}
      onTap={(ticket, lineId) => {
        if (lineId === null) return run(ticket.order, undefined, true);
        const line = ticket.lines.find((l) => l.id === lineId);
        run(ticket.order, [lineId], line?.bumped_at === null);
      }}
      undoLabel={last ? undoWords(last) : null}
      onUndo={() => {
        if (last) run(last.order, last.lineIds, !last.bumped);
      }}
      muted={muted}
      onMutedChange={(on) => {
        setMuted(on);
        try {
          localStorage.setItem(MUTE_KEY, on ? 'on' : 'off');
        } catch {
          // private browsing: remembered until the page closes
        }
      }}
      busy={rows.busy}
      actionError={rows.error}
      announcement={announcement}
      renderLink={consoleLink}
    />
  );
}
