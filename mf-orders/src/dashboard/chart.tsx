import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { Formatter } from '../shared-session';
import 'uplot/dist/uPlot.min.css';

/** One day of the chart. */
export interface ChartDay {
  /** YYYY-MM-DD. */
  day: string;
  orders: number;
  shipments: number;
}

interface DaysChartProps {
  days: readonly ChartDay[];
  /** The names in the legend (the hovered day's values): of the day, and of the series. */
  dayLabel: string;
  ordersLabel: string;
  shipmentsLabel: string;
  /** The chart's accessible name. */
  label: string;
  /** The UI's language's formatter (days and numbers). */
  format: Formatter;
}

// Blueprint's palette: blue and green, the lighter shades on the dark background.
const THEMES = {
  light: {
    text: '#1c2127',
    grid: 'rgba(17, 20, 24, 0.12)',
    orders: '#2d72d2',
    shipments: '#238551',
  },
  dark: {
    text: '#f6f7f9',
    grid: 'rgba(255, 255, 255, 0.14)',
    orders: '#4c90f0',
    shipments: '#32a467',
  },
};

const DARK_CLASS = 'bp6-dark';

/** Whether the page is in dark mode (the shell sets `bp6-dark` on body), following its changes. */
function useDarkMode(): boolean {
  const [dark, setDark] = useState(() => document.body.classList.contains(DARK_CLASS));
  useEffect(() => {
    const observer = new MutationObserver(() =>
      setDark(document.body.classList.contains(DARK_CLASS)),
    );
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/** The width of an element, following its resizes. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * Orders (bars) and shipments (line) per day, drawn by uPlot on a canvas in the page's theme.
 * The x axis counts days (0 … n-1) rather than time, so no time zone can shift a day: the
 * server already named them as Berlin calendar days.
 */
export function DaysChart({
  days,
  dayLabel: dayName,
  ordersLabel,
  shipmentsLabel,
  label,
  format,
}: DaysChartProps) {
  const { language } = format;
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const chart = useRef<uPlot | null>(null);
  // The axis and legend formatters read the days on screen now, not those of the chart's birth.
  const daysRef = useRef(days);
  daysRef.current = days;
  const dark = useDarkMode();
  const width = useWidth(holder);

  // A new chart for a new theme or language (colours and labels are options); new figures only
  // replace its data.
  useEffect(() => {
    if (!holder || width === 0) return;
    let made: uPlot | null = null;
    let gone = false;
    // uPlot loads with the first chart (a lazy chunk): it reads the screen when it loads.
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const theme = dark ? THEMES.dark : THEMES.light;
      // The UI's language, never the browser's: uPlot's own legend says "Value" and words
      // numbers in the browser's language.
      const countValue = (_: uPlot, value: number | null, _series: number, index: number | null) =>
        index == null || value == null ? '–' : format.number(value);
      const axis = {
        stroke: theme.text,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1 },
      };
      const options: uPlot.Options = {
        width: holder.clientWidth,
        height: 280,
        scales: {
          x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
          // Counts: from 0, and a little room above the highest day (1 on an empty month).
          y: { range: (_, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            ...axis,
            values: (_, ticks) =>
              ticks.map((tick) => {
                const day = daysRef.current[Math.round(tick)]?.day;
                return Number.isInteger(tick) && day ? format.dayMonth(day) : '';
              }),
          },
          {
            ...axis,
            values: (_, ticks) =>
              ticks.map((tick) => (Number.isInteger(tick) ? format.number(tick) : '')),
          },
        ],
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        series: [
          {
            label: dayName,
            // The hovered day in full (28.11.2026).
            value: (_, index) => {
              const day = daysRef.current[index ?? -1]?.day;
              return day ? format.date(day) : '';
            },
          },
          {
            label: ordersLabel,
            value: countValue,
            stroke: theme.orders,
            fill: `${theme.orders}99`,
            width: 1,
            paths: UPlot.paths.bars!({ size: [0.6, 40] }),
            points: { show: false },
          },
          {
            label: shipmentsLabel,
            value: countValue,
            stroke: theme.shipments,
            width: 2,
            points: { show: true, size: 6, fill: theme.shipments },
          },
        ],
      };
      made = new UPlot(options, chartData(daysRef.current), holder);
      chart.current = made;
    });
    return () => {
      gone = true;
      made?.destroy();
      chart.current = null;
    };
    // The width is handled by setSize below; a resize does not rebuild the chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holder, dark, language, dayName, ordersLabel, shipmentsLabel, width === 0]);

  useEffect(() => {
    chart.current?.setData(chartData(days));
  }, [days]);
  useEffect(() => {
    if (width > 0) chart.current?.setSize({ width, height: 280 });
  }, [width]);

  return <div ref={setHolder} role="img" aria-label={label} className="kontor-dashboard-chart" />;
}

function chartData(days: readonly ChartDay[]): uPlot.AlignedData {
  return [days.map((_, i) => i), days.map((d) => d.orders), days.map((d) => d.shipments)];
}
