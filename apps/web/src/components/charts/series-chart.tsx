import { useElementSize } from "@mantine/hooks";
import { labelEvery, niceTicks, themeColor } from "./chart-scale";

export interface SeriesPoint {
  label: string;
  /** null: no value for this bucket (a gap the line bridges, an empty bar). */
  value: number | null;
  /** A bucket only partly inside the period (a first or last partial week): drawn lighter, and said so. */
  partial?: boolean;
}

const PAD = { top: 8, right: 8, bottom: 24, left: 36 };

/**
 * A bar or line chart over labelled buckets, drawn as SVG sized to its container: light (no chart
 * library), readable by screen readers (one summary label on the figure; each bar or point has a title
 * with its value), printable.
 */
export function SeriesChart({
  kind,
  data,
  height,
  color,
  label,
  domain,
  format = (v) => String(v),
}: {
  kind: "bar" | "line";
  data: SeriesPoint[];
  height: number;
  color: string;
  /** What the chart shows, for screen readers ("Reviews per week"). */
  label: string;
  /** The value axis; from 0 to the largest value when absent. */
  domain?: [number, number];
  format?: (value: number) => string;
}) {
  const { ref, width } = useElementSize();
  const values = data.flatMap((d) => (d.value === null ? [] : [d.value]));
  const [min, max] = domain ?? [0, Math.max(1, ...values)];
  const ticks = niceTicks(min, max);
  const top = ticks.at(-1) ?? max;
  const bottom = ticks[0] ?? min;
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - bottom) / (top - bottom || 1)) * plotH;
  const step = data.length > 0 ? plotW / data.length : 0;
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const every = labelEvery(data.length, plotW);
  const fill = themeColor(color);
  const line = data
    .map((d, i) => (d.value === null ? null : `${x(i)},${y(d.value)}`))
    .filter((p): p is string => p !== null)
    .join(" ");
  const summary = `${label}: ${data.map((d) => `${d.label} ${d.value === null ? "no data" : format(d.value)}`).join(", ")}`;

  return (
    <div ref={ref} style={{ width: "100%", height }}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={summary}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-gray-3)" />
              <text
                x={PAD.left - 6}
                y={y(t)}
                dy="0.32em"
                textAnchor="end"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {format(t)}
              </text>
            </g>
          ))}
          {data.map((d, i) =>
            i % every === 0 ? (
              <text
                key={d.label}
                x={x(i)}
                y={height - 6}
                textAnchor="middle"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {d.label}
              </text>
            ) : null,
          )}
          {kind === "bar" &&
            data.map((d, i) =>
              d.value === null ? null : (
                <rect
                  key={d.label}
                  x={x(i) - Math.max(1, step * 0.35)}
                  width={Math.max(2, step * 0.7)}
                  y={y(d.value)}
                  height={Math.max(0, y(bottom) - y(d.value))}
                  fill={fill}
                  opacity={d.partial ? 0.4 : 1}
                  rx={2}
                >
                  <title>{`${d.label}: ${format(d.value)}${d.partial ? " (part of the period only)" : ""}`}</title>
                </rect>
              ),
            )}
          {kind === "line" && (
            <>
              <polyline points={line} fill="none" stroke={fill} strokeWidth={2} strokeLinejoin="round" />
              {data.map((d, i) =>
                d.value === null ? null : (
                  <circle key={d.label} cx={x(i)} cy={y(d.value)} r={3} fill={fill} opacity={d.partial ? 0.4 : 1}>
                    <title>{`${d.label}: ${format(d.value)}${d.partial ? " (part of the period only)" : ""}`}</title>
                  </circle>
                ),
              )}
            </>
          )}
        </svg>
      )}
    </div>
  );
}
