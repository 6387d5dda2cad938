/**
 * A price's last 24 hours as a light inline SVG (no chart library): one polyline per run of
 * prices, a null point (no price then) leaves a gap, a lone price between gaps is a dot. Prices
 * are decimal strings; they become numbers here for coordinates only. Nothing for a series
 * without a single price.
 */
import { theme } from 'antd';

export interface SparklineGeometry {
  /** "x,y x,y …" of each run of two or more points */
  lines: string[];
  /** lone points between gaps */
  dots: Array<{ x: number; y: number }>;
}

/** The drawing of `points` in a `width` × `height` box, `inset` kept free above and below for the stroke. */
export function sparklineGeometry(points: ReadonlyArray<string | null>, width: number, height: number, inset = 2): SparklineGeometry | null {
  const values = points.map((point) => (point === null ? null : Number(point)));
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (!known.length) return null;
  const min = Math.min(...known);
  const span = Math.max(...known) - min;
  const round = (n: number) => Math.round(n * 100) / 100;
  const xOf = (i: number) => round(values.length > 1 ? (i / (values.length - 1)) * width : width / 2);
  // a flat series runs through the middle; higher prices are higher up (smaller y)
  const yOf = (value: number) => round(span === 0 ? height / 2 : inset + (1 - (value - min) / span) * (height - 2 * inset));
  const runs: Array<Array<{ x: number; y: number }>> = [];
  let run: Array<{ x: number; y: number }> = [];
  values.forEach((value, i) => {
    if (value === null || !Number.isFinite(value)) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    run.push({ x: xOf(i), y: yOf(value) });
  });
  if (run.length) runs.push(run);
  return {
    lines: runs.filter((r) => r.length > 1).map((r) => r.map(({ x, y }) => `${x},${y}`).join(' ')),
    dots: runs.filter((r) => r.length === 1).map(([point]) => point),
  };
}

interface Props {
  points: ReadonlyArray<string | null>;
  /** what it shows, for screen readers ("BTC 24 小时走势") */
  label: string;
  /** the stroke colour (a theme token); the text colour when omitted */
  color?: string;
  width?: number;
  height?: number;
}

export default function Sparkline({ points, label, color, width = 120, height = 32 }: Props) {
  const { token } = theme.useToken();
  const geometry = sparklineGeometry(points, width, height);
  if (!geometry) return null;
  const stroke = color ?? token.colorText;
  return (
    // stretches to its box's width; the stroke keeps its width however it is scaled
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" width="100%" height={height} role="img" aria-label={label} data-testid="sparkline" style={{ display: 'block', overflow: 'visible' }}>
      {geometry.lines.map((line) => (
        <polyline key={line} points={line} fill="none" stroke={stroke} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
      ))}
      {geometry.dots.map(({ x, y }) => (
        <circle key={`${x},${y}`} cx={x} cy={y} r={1.5} fill={stroke} />
      ))}
    </svg>
  );
}
