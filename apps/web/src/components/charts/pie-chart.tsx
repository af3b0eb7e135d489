import { slicePath, themeColor } from "./chart-scale";

/** A pie of shares, as SVG; each slice has a title with its name and value. */
export function PieChart({
  data,
  size,
  label,
}: {
  data: { name: string; value: number; color: string }[];
  size: number;
  /** What the pie shows, for screen readers. */
  label: string;
}) {
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const r = size / 2 - 1;
  let angle = 0;
  return (
    <svg width={size} height={size} role="img" aria-label={label}>
      {total > 0 &&
        data.map((d) => {
          const from = angle;
          angle += (d.value / total) * Math.PI * 2;
          return (
            <path
              key={d.name}
              d={slicePath(size / 2, size / 2, r, from, angle)}
              fill={themeColor(d.color)}
              stroke="var(--mantine-color-body)"
              strokeWidth={1}
            >
              <title>{`${d.name}: ${d.value}`}</title>
            </path>
          );
        })}
    </svg>
  );
}
