import { SOURCE_CATALOGUE } from "./catalogue.ts";

const byCode = new Map(SOURCE_CATALOGUE.map((s) => [s.code, s]));

/** Up to two initials: the first letters of the first two words ("Better Business Bureau" → "BB"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\.[a-z]+$/i, "")
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => w[0]!.toUpperCase());
  return letters.join("") || "?";
}

/** Dark text on light colours (Zocdoc's yellow), white on the rest (WCAG relative luminance). */
function textColorOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? "#1F2328" : "#FFFFFF";
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A logo for a source: a rounded square in the source's colour with its initials. Unknown codes get a
 * grey square with their own initials, so the interface never shows a broken image.
 */
export function sourceLogoSvg(code: string): string {
  const entry = byCode.get(code);
  const color = entry?.color ?? "#8C959F";
  const label = escapeXml(initialsOf(entry?.name ?? code));
  const name = escapeXml(entry?.name ?? code);
  const size = label.length > 1 ? 26 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${name}">
<title>${name}</title>
<rect width="64" height="64" rx="14" fill="${color}"/>
<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${textColorOn(color)}">${label}</text>
</svg>
`;
}
