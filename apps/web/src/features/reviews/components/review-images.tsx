import "@mantine/core/styles/Image.css";
import { Group, Image, UnstyledButton } from "@mantine/core";
import type { TReviewImage } from "@starboard/contract/reviews";
import { useState } from "react";
import { ImageLightbox, thumbnailUrl } from "./image-lightbox";

/** A review's photos as thumbnails; each opens the lightbox at itself. */
export function ReviewImages({ images, author }: { images: TReviewImage[]; author: string }) {
  const [index, setIndex] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <Group gap="xs" data-testid="review-images">
        {images.map((image, i) => (
          <UnstyledButton
            key={image.id}
            onClick={() => setIndex(i)}
            aria-label={`Open photo ${i + 1} of ${images.length} by ${author}`}
            style={{ borderRadius: 4, overflow: "hidden" }}
          >
            <Image src={thumbnailUrl(image)} alt="" w={72} h={72} fit="cover" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      <ImageLightbox images={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
    </>
  );
}
