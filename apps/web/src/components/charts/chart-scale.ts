/** A Mantine colour name ("indigo.6") as the CSS variable the theme defines. */
export function themeColor(name: string): string {
  return `var(--mantine-color-${name.replace(".", "-")})`;
}

/** Round tick values from 0 (or `min`) to at least `max`: 0, 5, 10, 15 rather than 0, 4.33, 8.67. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const span = Math.max(max - min, 1e-9);
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 0.999; v += step) ticks.push(Number(v.toFixed(6)));
  return ticks;
}

/** Which of n x-axis labels to print so they do not overlap: about one per `minGap` pixels. */
export function labelEvery(n: number, width: number, minGap = 56): number {
  return Math.max(1, Math.ceil(n / Math.max(1, Math.floor(width / minGap))));
}

/** SVG path of a pie slice from angle a0 to a1 (radians, 0 = 12 o'clock, clockwise). */
export function slicePath(cx: number, cy: number, r: number, a0: number, a1: number): string {
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    return `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`;
  }
  const point = (a: number) => `${cx + r * Math.sin(a)} ${cy - r * Math.cos(a)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M ${cx} ${cy} L ${point(a0)} A ${r} ${r} 0 ${large} 1 ${point(a1)} Z`;
}
