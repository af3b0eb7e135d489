import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Text } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { locationRoutes } from "@starboard/contract/routes/locations";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { call } from "../../../lib/api";
import { serverErrorText, toastAlert, toastSuccess } from "../../../lib/toast";
import { useDeleteLocation } from "../api/locations";
import { listQueryAfterDelete } from "../location-rules.ts";

/** Confirm-delete retry timer (docs/product/locations.md §9). */
export const DELETE_RETRY_MS = 2000;
export const LAST_LOCATION_MESSAGE = "Can't delete the last location on the account.";

/**
 * Delete with its confirmation; the account's last location gets the preventer instead ("Unable to Delete
 * Location"). After a failure the confirm button waits 2 s before a retry.
 */
export function DeleteLocation({ location, search }: { location: TLocation; search: string }) {
  const navigate = useNavigate();
  const remove = useDeleteLocation();
  const [checking, setChecking] = useState(false);
  const [mode, setMode] = useState<"closed" | "confirm" | "last">("closed");
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), DELETE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const start = async () => {
    setChecking(true);
    try {
      const page = await call(locationRoutes.listLocations, { query: { page: 1, per_page: 1 } });
      setMode(page._total <= 1 ? "last" : "confirm");
    } catch {
      toastAlert("Something went wrong fetching account information.");
    } finally {
      setChecking(false);
    }
  };

  const confirm = () =>
    remove.mutate(location.id, {
      onSuccess: () => {
        setMode("closed");
        toastSuccess(`${location.name} successfully deleted`);
        void navigate(`/settings/locations${listQueryAfterDelete(search)}`);
      },
      onError: (error) => {
        const text = serverErrorText(error);
        if (text?.startsWith(LAST_LOCATION_MESSAGE)) {
          setMode("last");
          return;
        }
        toastAlert(text ?? "There was an error deleting your location.");
        setWaiting(true);
      },
    });

  return (
    <>
      <Button color="red.8" onClick={() => void start()} loading={checking}>
        Delete
      </Button>
      <Modal opened={mode === "confirm"} onClose={() => setMode("closed")} title="Delete Location" centered>
        <Text size="sm" mb="md">
          {`Are you sure you want to delete ${location.name}? This cannot be undone.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setMode("closed")}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={waiting}>
            {waiting ? "Try again in 2 s" : "Delete Location"}
          </Button>
        </Group>
      </Modal>
      <Modal opened={mode === "last"} onClose={() => setMode("closed")} title="Unable to Delete Location" centered>
        <Text size="sm" mb="xs">
          {LAST_LOCATION_MESSAGE}
        </Text>
        <Text size="sm" mb="md">
          To remove it, please contact your account representative or our support team.
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => setMode("closed")}>OK</Button>
        </Group>
      </Modal>
    </>
  );
}
