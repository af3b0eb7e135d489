import "@mantine/core/styles/Image.css";
import { Anchor, Button, Image, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The call to action: an external link (href), an internal link (to) or a button (onClick). */
export type TEmptyStateAction =
  | { label: string; href: string }
  | { label: string; to: string }
  | { label: string; onClick: () => void };

export type EmptyStatePanelProps = {
  /** An image URL, or any node (an icon). */
  image?: string | ReactNode;
  imageAlt?: string;
  primary: ReactNode;
  secondary?: ReactNode;
  action?: TEmptyStateAction;
};

/** The empty-state panel (docs/product/platform.md §2): image, primary and secondary text, optional call to action. */
export function EmptyStatePanel({ image, imageAlt = "", primary, secondary, action }: EmptyStatePanelProps) {
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center" data-testid="empty-state">
      {typeof image === "string" ? <Image src={image} alt={imageAlt} w={160} h="auto" fit="contain" /> : image}
      <Text fw={600} size="lg">
        {primary}
      </Text>
      {secondary && (
        <Text c="dimmed" size="sm" maw={480}>
          {secondary}
        </Text>
      )}
      {action && <EmptyStateAction action={action} />}
    </Stack>
  );
}

function EmptyStateAction({ action }: { action: TEmptyStateAction }) {
  if ("href" in action) {
    return (
      <Anchor href={action.href} target="_blank" rel="noopener noreferrer">
        {action.label}
      </Anchor>
    );
  }
  if ("to" in action) {
    return (
      <Button component={Link} to={action.to} variant="light">
        {action.label}
      </Button>
    );
  }
  return (
    <Button variant="light" onClick={action.onClick}>
      {action.label}
    </Button>
  );
}
