import { shortDate } from '@portal/domain';

interface ChartPoint {
  date: string;
  value: number;
}

const slot = 10;
const bar = 7;
const height = 100;

/** What the chart shows, said in words: its accessible name. */
function chartSummary(title: string, points: readonly ChartPoint[], format: (value: number) => string) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${title}: no data`;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const highest = points.reduce((top, point) => (point.value > top.value ? point : top), first);
  const range = `${shortDate(first.date)} to ${shortDate(last.date)}`;
  return highest.value === 0
    ? `${title}, ${range}: none`
    : `${title}, ${range}: ${format(total)} in total, highest ${format(highest.value)} on ${shortDate(highest.date)}`;
}

/**
 * A bar per day, drawn as SVG (no chart library). The picture is one image named by its summary; the figures
 * themselves are in the data table next to it.
 */
export function BarChart({
  title,
  points,
  format,
  barClass,
}: {
  title: string;
  points: readonly ChartPoint[];
  format: (value: number) => string;
  /** Tailwind fill class of the bars. */
  barClass: string;
}) {
  const max = Math.max(0, ...points.map((point) => point.value));
  const width = Math.max(points.length, 1) * slot;
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-700">max {format(max)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={chartSummary(title, points, format)}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-40 w-full"
      >
        <line
          x1={0}
          x2={width}
          y1={height - 0.5}
          y2={height - 0.5}
          className="stroke-slate-300"
          strokeWidth={1}
        />
        {points.map((point, index) => {
          const barHeight = max === 0 ? 0 : (point.value / max) * (height - 4);
          return (
            <rect
              key={point.date}
              x={index * slot + (slot - bar) / 2}
              y={height - 1 - barHeight}
              width={bar}
              height={barHeight}
              className={barClass}
              data-date={point.date}
              data-value={point.value}
            />
          );
        })}
      </svg>
      {first && last && (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-700">
          <span>{shortDate(first.date)}</span>
          <span>{shortDate(last.date)}</span>
        </div>
      )}
    </figure>
  );
}
