import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lineSegments, SeriesChart, type SeriesPoint, seriesSummary } from "./series-chart";

const weeks: SeriesPoint[] = [
  { label: "Mar 4", value: 3, partial: true, partialNote: "5 days of the week" },
  { label: "Mar 11", value: 9 },
  { label: "Mar 18", value: 8 },
  { label: "Mar 25", value: 1, partial: true, partialNote: "2 days of the week" },
];

describe("SeriesChart with partial periods (issue 11, item 11)", () => {
  it("draws partial bars hatched and dashed, the others solid, and says so in words", () => {
    const html = renderToStaticMarkup(
      <SeriesChart kind="bar" data={weeks} height={200} width={400} color="indigo.6" label="Reviews per week" />,
    );
    const bars = html.match(/<rect[^>]*rx="2"[^>]*>/g) ?? [];
    expect(bars).toHaveLength(4);
    expect(bars.filter((b) => b.includes('data-partial="true"'))).toHaveLength(2);
    expect(bars[0]).toMatch(/fill="url\(#hatch-/);
    expect(bars[0]).toContain('stroke-dasharray="4 3"');
    expect(bars[1]).not.toContain("url(#hatch");
    // The text alternative: the figure's label, each bar's title, and the note under the chart.
    expect(html).toContain("Mar 4: 3 (partial: 5 days of the week)");
    expect(html).toContain("Hatched bars mark periods only partly inside the dates chosen");
    expect(html).toContain("Mar 25: 2 days of the week");
  });

  it("draws the line's segments to a partial point dashed and the point hollow", () => {
    expect(lineSegments(weeks)).toEqual([
      { from: 0, to: 1, dashed: true },
      { from: 1, to: 2, dashed: false },
      { from: 2, to: 3, dashed: true },
    ]);
    const html = renderToStaticMarkup(
      <SeriesChart kind="line" data={weeks} height={200} width={400} color="yellow.7" label="Average rating" />,
    );
    expect((html.match(/<line[^>]*stroke-dasharray="5 4"/g) ?? []).length).toBe(2);
    expect((html.match(/<circle[^>]*data-partial="true"/g) ?? []).length).toBe(2);
    expect(html).toContain("Hollow points and dashed lines mark periods");
  });

  it("marks nothing when no period is partial", () => {
    const whole = weeks.map((w) => ({ label: w.label, value: w.value }));
    const html = renderToStaticMarkup(
      <SeriesChart kind="bar" data={whole} height={200} width={400} color="indigo.6" label="Reviews per week" />,
    );
    expect(html).not.toContain("data-partial");
    expect(html).not.toContain("partly inside");
    expect(seriesSummary("Reviews per week", whole, String)).toBe(
      "Reviews per week: Mar 4: 3, Mar 11: 9, Mar 18: 8, Mar 25: 1",
    );
  });
});
