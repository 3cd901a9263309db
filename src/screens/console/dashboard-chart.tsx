/**
 * A chart on the dashboard, drawn by uPlot (a maintained chart library of about 20 KB gzip, on a
 * canvas). Only the dashboard imports this file, so the library is in the dashboard's chunk and
 * nowhere else. Its 1 KB of CSS is in the console's stylesheet (console.css), not the chunk's: Vite asks
 * for a chunk's code only once its stylesheet has loaded, so a stylesheet request that never finished
 * left the page on "Loading…" with its code never asked for. The canvas is hidden from screen readers:
 * every chart has its table beside it.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { Button, cx } from '../../ui';

export interface ChartSeries {
  label: string;
  values: number[];
  /** a CSS variable of the theme (`--color-brand`) or a colour */
  color: string;
  /** bars (default) or a line */
  kind?: 'bars' | 'line';
  /** how a value reads in the table and the tooltip */
  format: (n: number) => string;
}

export interface DashboardChartProps {
  title: string;
  /** 'YYYY-MM-DD' of each point */
  days: string[];
  /** how a day reads ("Nov 20") */
  dayLabel: (day: string) => string;
  series: ChartSeries[];
  height?: number;
}

const cssColor = (el: Element, color: string) => (color.startsWith('--') ? getComputedStyle(el).getPropertyValue(color).trim() || '#1e293b' : color);

export function DashboardChart({ title, days, dayLabel, series, height = 220 }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = days.map((_, i) => i);
    const ink = cssColor(el, '--color-ink') || '#0f172a';
    const grid = cssColor(el, '--color-border') || '#e2e8f0';
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height,
        legend: { show: true },
        cursor: { points: { show: false } },
        scales: { x: { time: false, range: [-0.5, Math.max(days.length - 0.5, 0.5)] } },
        axes: [
          { stroke: ink, grid: { show: false }, ticks: { stroke: grid }, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && days[t] ? dayLabel(days[t]) : '')) },
          ...series.map((s, i) => ({ stroke: ink, grid: { stroke: grid, show: i === 0 }, ticks: { stroke: grid }, scale: `y${i}`, side: i === 0 ? 3 : 1, size: 64, values: (_u: uPlot, ticks: number[]) => ticks.map(s.format) })),
        ],
        series: [
          { label: 'Day', value: (_u, v) => (v === null || !days[v] ? '' : dayLabel(days[v])) },
          ...series.map((s, i) => {
            const color = cssColor(el, s.color);
            return s.kind === 'line'
              ? { label: s.label, scale: `y${i}`, stroke: color, width: 2, value: (_u: uPlot, v: number | null) => (v === null ? '' : s.format(v)) }
              : { label: s.label, scale: `y${i}`, stroke: color, fill: `${color}cc`, width: 0, ...(bars ? { paths: bars } : {}), value: (_u: uPlot, v: number | null) => (v === null ? '' : s.format(v)) };
          }),
        ],
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, dayLabel, series, height]);

  return (
    <figure className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <figcaption className="font-semibold">{title}</figcaption>
        <Button size="sm" variant="ghost" aria-pressed={showTable} onClick={() => setShowTable((s) => !s)}>
          {showTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </div>
      <div ref={box} aria-hidden="true" className={cx('w-full text-sm', showTable && 'hidden')} data-chart={title} />
      {/* hidden, the table is still read by screen readers; its box clips it (a table is never narrower than its cells) */}
      <div className={showTable ? 'overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-sm">
          <caption className="sr-only">{title}, day by day</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
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
          </tbody>
        </table>
      </div>
    </figure>
  );
}
