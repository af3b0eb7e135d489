import { useElementSize } from "@mantine/hooks";
import { useId } from "react";
import { labelEvery, niceTicks, themeColor } from "./chart-scale";

export interface SeriesPoint {
  label: string;
  /** null: no value for this bucket (a gap the line bridges, an empty bar). */
  value: number | null;
  /**
   * A bucket only partly inside the period (a first or last partial week or month): drawn hatched with a
   * dashed outline (bars) or a hollow point on a dashed segment (lines), and said so in words.
   */
  partial?: boolean;
  /** With `partial`: the words for how much of the bucket is inside ("3 of 7 days"). */
  partialNote?: string;
}

const PAD = { top: 8, right: 8, bottom: 24, left: 36 };

/** What a point says in words: "Mar 4: 12 (partial: 5 of 7 days)". */
export function pointText(d: SeriesPoint, format: (value: number) => string): string {
  const value = d.value === null ? "no data" : format(d.value);
  return `${d.label}: ${value}${d.partial ? ` (partial: ${d.partialNote ?? "part of the period only"})` : ""}`;
}

/** The chart's text alternative: every bucket with its value, partial buckets named as such. */
export function seriesSummary(label: string, data: SeriesPoint[], format: (value: number) => string): string {
  return `${label}: ${data.map((d) => pointText(d, format)).join(", ")}`;
}

/** The words under a chart with partial buckets. */
export function partialNote(kind: "bar" | "line", data: SeriesPoint[]): string {
  const which = data.flatMap((d) => (d.partial ? [`${d.label}: ${d.partialNote ?? "partial"}`] : []));
  const how = kind === "bar" ? "Hatched bars" : "Hollow points and dashed lines";
  return `${how} mark periods only partly inside the dates chosen (${which.join("; ")}).`;
}

/** The line's segments between consecutive points with values; a segment touching a partial point is dashed. */
export function lineSegments(data: SeriesPoint[]): { from: number; to: number; dashed: boolean }[] {
  const withValue = data.flatMap((d, i) => (d.value === null ? [] : [i]));
  const out: { from: number; to: number; dashed: boolean }[] = [];
  for (let k = 1; k < withValue.length; k++) {
    const from = withValue[k - 1]!;
    const to = withValue[k]!;
    out.push({ from, to, dashed: Boolean(data[from]!.partial || data[to]!.partial) });
  }
  return out;
}

/**
 * A bar or line chart over labelled buckets, drawn as SVG sized to its container: light (no chart
 * library), readable by screen readers (one summary label on the figure; each bar or point has a title
 * with its value), printable. Partial buckets are drawn apart (hatched, dashed) and a note under the
 * chart says what that means, so a short first or last week does not read as a drop.
 */
export function SeriesChart({
  kind,
  data,
  height,
  color,
  label,
  domain,
  format = (v) => String(v),
  width: fixedWidth,
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
  /** A fixed width in pixels instead of the container's (printing, tests). */
  width?: number;
}) {
  const { ref, width: measured } = useElementSize();
  const width = fixedWidth ?? measured;
  const hatchId = `hatch-${useId().replace(/:/g, "")}`;
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
  const summary = seriesSummary(label, data, format);
  const anyPartial = data.some((d) => d.partial);

  return (
    <div>
      <div ref={ref} style={{ width: "100%", height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={summary}>
            <defs>
              <pattern id={hatchId} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill={fill} opacity={0.25} />
                <line x1={0} y1={0} x2={0} y2={6} stroke={fill} strokeWidth={3} />
              </pattern>
            </defs>
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
                    fill={d.partial ? `url(#${hatchId})` : fill}
                    stroke={d.partial ? fill : undefined}
                    strokeDasharray={d.partial ? "4 3" : undefined}
                    data-partial={d.partial ? "true" : undefined}
                    rx={2}
                  >
                    <title>{pointText(d, format)}</title>
                  </rect>
                ),
              )}
            {kind === "line" && (
              <>
                {lineSegments(data).map((s) => (
                  <line
                    key={`${s.from}-${s.to}`}
                    x1={x(s.from)}
                    y1={y(data[s.from]!.value!)}
                    x2={x(s.to)}
                    y2={y(data[s.to]!.value!)}
                    stroke={fill}
                    strokeWidth={2}
                    strokeDasharray={s.dashed ? "5 4" : undefined}
                    data-partial={s.dashed ? "true" : undefined}
                  />
                ))}
                {data.map((d, i) =>
                  d.value === null ? null : (
                    <circle
                      key={d.label}
                      cx={x(i)}
                      cy={y(d.value)}
                      r={3}
                      fill={d.partial ? "var(--mantine-color-body)" : fill}
                      stroke={fill}
                      strokeWidth={d.partial ? 2 : 0}
                      data-partial={d.partial ? "true" : undefined}
                    >
                      <title>{pointText(d, format)}</title>
                    </circle>
                  ),
                )}
              </>
            )}
          </svg>
        )}
      </div>
      {anyPartial && (
        <p style={{ margin: "4px 0 0", fontSize: 12, color: "var(--mantine-color-dimmed)" }} data-testid="partial-note">
          {partialNote(kind, data)}
        </p>
      )}
    </div>
  );
}
