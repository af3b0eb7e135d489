import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Image.css";
import { ActionIcon, Group, Image, Modal, Stack, Text } from "@mantine/core";
import type { TReviewImage } from "@starboard/contract/reviews";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { KeyboardEvent } from "react";

export const fullImageUrl = (image: TReviewImage) => image.cdn_url || image.url;
export const thumbnailUrl = (image: TReviewImage) =>
  image.cdn_low_resolution_url || image.low_resolution_url || image.cdn_url || image.url;

/** The index after moving by `step`, wrapping around at both ends. */
export const wrapIndex = (index: number, step: number, count: number) => (((index + step) % count) + count) % count;

export type ImageLightboxProps = {
  images: TReviewImage[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * The review image lightbox (docs/product/reviews.md §3): Escape closes, the arrow keys move and wrap around
 * (every image of a review is loaded, so it is never paginated), and the page behind does not scroll.
 */
export function ImageLightbox({ images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const opened = index !== null && images.length > 0;
  const current = opened ? images[index] : undefined;
  const count = images.length;
  const move = (step: number) => {
    if (index !== null && count > 0) onIndexChange(wrapIndex(index, step, count));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
    }
  };
  const label = current ? current.name || `Photo ${(index ?? 0) + 1} of ${count}` : "Photo";
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      centered
      lockScroll
      closeOnEscape
      title={`Photo ${(index ?? 0) + 1} of ${count}`}
      closeButtonProps={{ "aria-label": "Close" }}
      onKeyDown={onKeyDown}
      data-testid="image-lightbox"
    >
      {current && (
        <Stack gap="sm">
          <Image src={fullImageUrl(current)} alt={label} fit="contain" mah="70vh" />
          <Group justify="space-between">
            <ActionIcon
              variant="light"
              size="lg"
              onClick={() => move(-1)}
              disabled={count < 2}
              aria-label="Previous photo"
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
            <Text size="sm" c="dimmed" aria-live="polite">
              {(index ?? 0) + 1} / {count}
            </Text>
            <ActionIcon variant="light" size="lg" onClick={() => move(1)} disabled={count < 2} aria-label="Next photo">
              <IconChevronRight aria-hidden />
            </ActionIcon>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
