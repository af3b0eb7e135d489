import { Alert, Button, FileButton, Group, Image, Loader, Stack, Switch, Text } from "@mantine/core";
import { HEADER_IMAGE_MESSAGES, HEADER_IMAGE_RULES } from "@starboard/contract/request-templates";
import { useState } from "react";
import { ApiError } from "../../../lib/api";
import { ImageTimeout, type THeaderImageState, uploadHeaderImage } from "../api/campaigns";

const STATE_LABEL: Partial<Record<THeaderImageState, string>> = {
  start: "Uploading image…",
  complete: "Image uploaded",
  processing: "Processing image…",
  processing_complete: "Image ready",
};

/**
 * A template's header image (reviews.md §4): start, complete, processing, then processing complete (the image is
 * set and used) or error and reset; 15 s without a completion event is an error (§8's messages).
 */
export function HeaderImageField({
  resourceId,
  value,
  use,
  onChange,
  disabled,
}: {
  resourceId: string;
  value: string | null;
  use: boolean;
  onChange: (next: { header_image: string | null; use_header_image: boolean }) => void;
  disabled?: boolean;
}) {
  const [state, setState] = useState<THeaderImageState>("idle");
  const [error, setError] = useState<string | null>(null);
  const busy = state === "start" || state === "complete" || state === "processing";

  async function pick(file: File | null) {
    if (!file) return;
    setError(null);
    if (!(HEADER_IMAGE_RULES.mimeTypes as readonly string[]).includes(file.type)) {
      setError(HEADER_IMAGE_MESSAGES.type);
      return;
    }
    if (file.size > HEADER_IMAGE_RULES.maxBytes) {
      setError(HEADER_IMAGE_MESSAGES.tooLarge);
      return;
    }
    if (file.size < HEADER_IMAGE_RULES.minBytes) {
      setError(HEADER_IMAGE_MESSAGES.tooFewBytes);
      return;
    }
    let uploaded = false;
    try {
      const event = await uploadHeaderImage(file, resourceId, (s) => {
        if (s === "processing") uploaded = true;
        setState(s);
      });
      if (event.action === "processing_complete" && event.url) {
        setState("processing_complete");
        onChange({ header_image: event.url, use_header_image: true });
      } else {
        setState("error");
        setError(event.message ?? HEADER_IMAGE_MESSAGES.process);
        setState("idle");
      }
    } catch (err) {
      setState("idle");
      if (err instanceof ImageTimeout || uploaded) setError(HEADER_IMAGE_MESSAGES.process);
      else setError(err instanceof ApiError && err.status === 400 ? err.message : HEADER_IMAGE_MESSAGES.upload);
    }
  }

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Header image
      </Text>
      {value && <Image src={value} alt="Header image" maw={300} radius="sm" />}
      <Group gap="sm">
        <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg" disabled={disabled || busy}>
          {(props) => (
            <Button variant="default" size="xs" {...props} disabled={disabled || busy}>
              {value ? "Replace image" : "Upload image"}
            </Button>
          )}
        </FileButton>
        {busy && <Loader size="xs" aria-hidden />}
        {STATE_LABEL[state] && (
          <Text size="xs" c="gray.7" role="status" data-testid="header-image-state">
            {STATE_LABEL[state]}
          </Text>
        )}
        {value && (
          <Switch
            label="Use header image"
            checked={use}
            disabled={disabled}
            onChange={(e) => onChange({ header_image: value, use_header_image: e.currentTarget.checked })}
          />
        )}
      </Group>
      <Text size="xs" c="gray.7">
        JPG or PNG, at least 250px by 250px, between 10 KB and 5 MB.
      </Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
