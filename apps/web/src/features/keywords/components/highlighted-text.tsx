import "@mantine/core/styles/Mark.css";
import { Mark, Text } from "@mantine/core";
import type { THighlight } from "@starboard/contract/insights";
import type { ReactNode } from "react";

/** A review's text with the keyword's places marked (the server says where they are). */
export function HighlightedText({ text, highlights, fw }: { text: string; highlights: THighlight[]; fw?: number }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const h of [...highlights].sort((a, b) => a.start - b.start)) {
    if (h.start < at || h.end > text.length) continue;
    if (h.start > at) parts.push(text.slice(at, h.start));
    parts.push(
      <Mark key={h.start} color="yellow" data-testid="keyword-highlight">
        {text.slice(h.start, h.end)}
      </Mark>,
    );
    at = h.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <Text size="sm" fw={fw} style={{ whiteSpace: "pre-wrap" }}>
      {parts}
    </Text>
  );
}
