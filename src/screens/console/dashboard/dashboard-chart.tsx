/**
 * A chart on the dashboard, drawn by uPlot (a maintained chart library of about 20 KB gzip, on a
 * canvas). Only the dashboard imports this file, so the library is in the dashboard's chunk and
 * nowhere else. Its 1 KB of CSS is in the console's stylesheet (console.css), not the chunk's: Vite asks
 * for a chunk's code only once its stylesheet has loaded, so a stylesheet request that never finished
 * left the page on "Loading…" with its code never asked for. The canvas is hidden from screen readers:
 * every chart has its table beside it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import uPlot from 'uplot';
import { Button, ScrollRegion, cx } from '../../../ui';
import { wholeAxis } from './chart-axis';

export interface ChartSeries {
  label: string;
  values: number[];
  /** a CSS variable of the theme (`--color-brand`) or a colour */
  color: string;
  /** bars (default) or a line */
  kind?: 'bars' | 'line';
  /** a line's pattern: what went back (refunds, cancellations) is dashed or dotted */
  pattern?: 'solid' | 'dashed' | 'dotted';
  /**
   * Series that name the same scale share one axis, so their heights compare (points issued and
   * redeemed). The first scale's axis is on the left, a second one's on the right.
   */
  scale: string;
  /** how a value reads in the legend and the table */
  format: (n: number) => string;
  /** how its scale's ticks read, when shorter than `format` ("₱1K" for ₱1,000.00); the first series of a scale decides */
  axisFormat?: (n: number) => string;
}

export interface ChartScale {
  /** counts: ticks on whole numbers only (never 0.25 orders) */
  whole?: boolean;
}

export interface DashboardChartProps {
  title: string;
  /** 'YYYY-MM-DD' of each point */
  days: string[];
  /** how a day reads ("Nov 20") */
  dayLabel: (day: string) => string;
  series: ChartSeries[];
  /** how each scale named by the series counts */
  scales?: Record<string, ChartScale>;
  height?: number;
}

const cssColor = (el: Element, color: string) => (color.startsWith('--') ? getComputedStyle(el).getPropertyValue(color).trim() || '#1e293b' : color);

const DASH = { dashed: [6, 4], dotted: [2, 3] };

/**
 * The legend, under the chart and always shown: each series with its colour and its total over the
 * period, or, while a day is pointed at, that day's value (so nothing needs hovering to be read).
 */
function Legend({ series, day, total }: { series: ChartSeries[]; day: { label: string; index: number } | null; total: number[] }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-muted">{day ? day.label : t`Over the period`}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {series.map((s, i) => (
          <li key={s.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cx(
                'inline-block shrink-0',
                s.kind === 'line' ? 'h-0 w-5 border-t-2' : 'size-3 rounded-sm',
                s.pattern === 'dashed' && 'border-dashed',
                s.pattern === 'dotted' && 'border-dotted',
              )}
              style={s.kind === 'line' ? { borderColor: `var(${s.color})` } : { background: `var(${s.color})` }}
            />
            <span className="text-muted">{s.label}</span>
            <span className="font-semibold tabular-nums">{s.format(day ? (s.values[day.index] ?? 0) : total[i]!)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** uPlot's options for these series: one axis per scale, bars or lines in the theme's colours. */
function plotOptions(
  el: HTMLElement,
  { days, dayLabel, series, scales = {}, height = 220 }: Omit<DashboardChartProps, 'title'>,
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const ink = cssColor(el, '--color-ink') || '#0f172a';
  const grid = cssColor(el, '--color-border') || '#e2e8f0';
  const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
  // one axis per scale, in the order the series name them: the first on the left
  const scaleNames = [...new Set(series.map((s) => s.scale))];
  const formatOf = (scale: string) => {
    const first = series.find((s) => s.scale === scale)!;
    return first.axisFormat ?? first.format;
  };
  return {
    width: Math.max(el.clientWidth, 200),
    height,
    legend: { show: false },
    cursor: { points: { show: false } },
    hooks: { setCursor: [(u) => onCursor(u.cursor.idx ?? null)] },
    scales: {
      x: { time: false, range: [-0.5, Math.max(days.length - 0.5, 0.5)] },
      // from 0; a count up to a whole top (wholeAxis), anything else a little above its highest value
      ...Object.fromEntries(
        scaleNames.map((name) => [
          name,
          { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, scales[name]?.whole ? wholeAxis(max).top : Math.max(max * 1.1, 1)] },
        ]),
      ),
    },
    axes: [
      {
        stroke: ink,
        grid: { show: false },
        ticks: { stroke: grid },
        values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && days[t] ? dayLabel(days[t]) : '')),
      },
      ...scaleNames.map((name, i) => ({
        stroke: ink,
        grid: { stroke: grid, show: i === 0 },
        ticks: { stroke: grid },
        scale: name,
        side: i === 0 ? 3 : 1,
        size: 64,
        ...(scales[name]?.whole ? { splits: (u: uPlot) => wholeAxis(u.scales[name]?.max ?? 0).ticks } : {}),
        values: (_u: uPlot, ticks: number[]) => ticks.map(formatOf(name)),
      })),
    ],
    series: [
      { label: say`Day` },
      ...series.map((s) => {
        const color = cssColor(el, s.color);
        return s.kind === 'line'
          ? { label: s.label, scale: s.scale, stroke: color, width: 2, ...(s.pattern && s.pattern !== 'solid' ? { dash: DASH[s.pattern] } : {}) }
          : { label: s.label, scale: s.scale, stroke: color, fill: `${color}cc`, width: 0, ...(bars ? { paths: bars } : {}) };
      }),
    ],
  };
}

/** The chart's numbers day by day, with the totals: for screen readers always, for anyone who asks. */
function ChartTable({ title, days, dayLabel, series, totals }: Pick<DashboardChartProps, 'title' | 'days' | 'dayLabel' | 'series'> & { totals: number[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{dayByDay(title)}</caption>
      <thead>
        <tr className="text-left text-muted">
          <th scope="col" className="py-1 pr-3 font-medium">
            <Trans>Day</Trans>
          </th>
          {series.map((s) => (
            <th key={s.label} scope="col" className="py-1 pr-3 text-right font-medium">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {days.map((d, i) => (
          <tr key={d}>
            <th scope="row" className="py-1 pr-3 text-left font-normal">
              {dayLabel(d)}
            </th>
            {series.map((s) => (
              <td key={s.label} className="py-1 pr-3 text-right tabular-nums">
                {s.format(s.values[i] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="py-1 pr-3 text-left">
            <Trans>Total</Trans>
          </th>
          {series.map((s, i) => (
            <td key={s.label} className="py-1 pr-3 text-right tabular-nums">
              {s.format(totals[i]!)}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** A chart's table, named ("Revenue and orders, day by day"). */
const dayByDay = (chart: string) => say`${chart}, day by day`;

export function DashboardChart({ title, days, dayLabel, series, scales = {}, height = 220 }: DashboardChartProps) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [pointed, setPointed] = useState<number | null>(null);
  const totals = useMemo(() => series.map((s) => s.values.reduce((a, v) => a + v, 0)), [series]);
  const captionId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      plotOptions(el, { days, dayLabel, series, scales, height }, setPointed),
      [days.map((_, i) => i), ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, dayLabel, series, scales, height]);

  const day = pointed !== null && days[pointed] ? { label: dayLabel(days[pointed]), index: pointed } : null;
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-labelledby={captionId}>
      <div className="flex items-center justify-between gap-2">
        <figcaption id={captionId} className="font-semibold">
          {title}
        </figcaption>
        <Button size="sm" variant="ghost" aria-pressed={showTable} onClick={() => setShowTable((s) => !s)}>
          {showTable ? t`Hide the table` : t`Show as a table`}
        </Button>
      </div>
      <div className={cx('flex flex-col gap-2', showTable && 'hidden')}>
        <div ref={box} aria-hidden="true" className="w-full text-sm" data-chart={title} />
        <Legend series={series} day={day} total={totals} />
      </div>
      {/* hidden, the table is still read by screen readers; shown, it scrolls sideways in its own box on a phone
          (a table is never narrower than its cells) */}
      <ScrollRegion label={dayByDay(title)} srOnly={!showTable}>
        <ChartTable title={title} days={days} dayLabel={dayLabel} series={series} totals={totals} />
      </ScrollRegion>
    </figure>
  );
}
