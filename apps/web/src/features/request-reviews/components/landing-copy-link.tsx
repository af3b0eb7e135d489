import { Anchor, Button, CopyButton, Group } from "@mantine/core";

/** How long "Link copied" shows before the button reads Copy Link again. */
export const LANDING_COPY_CONFIRM_MS = 2000;

/** Copy Link (turns into "Link copied", locations.md §5) and an Open link to preview the page in a new tab. */
export function LandingLinkActions({ url, label }: { url: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <CopyButton value={url} timeout={LANDING_COPY_CONFIRM_MS}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? "filled" : "light"}
            color={copied ? "teal" : undefined}
            onClick={copy}
            aria-label={copied ? `Link copied for ${label}` : `Copy Link for ${label}`}
          >
            {copied ? "Link copied" : "Copy Link"}
          </Button>
        )}
      </CopyButton>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Open ${label} (new tab)`}>
        Open
      </Anchor>
    </Group>
  );
}
