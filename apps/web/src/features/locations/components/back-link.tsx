import { Anchor } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
      <IconArrowLeft aria-hidden size={14} />
      {label}
    </Anchor>
  );
}
