import { Button, Text } from "@mantine/core";
import { Link } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";

export default function PasswordResetCompleteRoute() {
  return (
    <AuthCard title="Password changed">
      <Text size="sm">Your password has been reset. Sign in with your new password.</Text>
      <Button component={Link} to="/login">
        Sign In
      </Button>
    </AuthCard>
  );
}
