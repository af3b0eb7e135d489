import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useLocation as useRouterLocation } from "react-router";
import { useCan } from "../../../lib/authorization";
import { useSignedInSession } from "../../../lib/session";
import { toastAlert } from "../../../lib/toast";
import { fetchLocationPreview, type TLocationPreview } from "../api/billing";
import { formatMonthlyCost, listQueryOf, NON_ADMIN_BILLING_NOTE } from "../location-rules";

/**
 * Add Location (docs/product/locations.md §2, §6): the billing preview (with show_billing_location_price_preview)
 * shows admins the monthly cost in USD and others 'Adding a location may incur additional costs.'; a trial
 * account at its limit gets the trial modal with Upgrade now to /settings/billing/edit.
 */
export function AddLocationButton() {
  const session = useSignedInSession();
  const canCreate = useCan("create", "location");
  const isAdmin = useCan("read", "billing");
  const navigate = useNavigate();
  const { search } = useRouterLocation();
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<TLocationPreview | null>(null);
  const [modal, setModal] = useState<"none" | "cost" | "trial">("none");
  if (!canCreate) return null;
  const newPath = `/settings/locations/new${listQueryOf(search)}`;

  const start = async () => {
    setLoading(true);
    try {
      const answer = await fetchLocationPreview(session.account_id);
      setPreview(answer);
      if (answer.trial_location_limit_reached) setModal("trial");
      else if (answer.show_billing_location_price_preview) setModal("cost");
      else void navigate(newPath);
    } catch {
      // The preview is information: without it the user still goes on to the form.
      toastAlert("Error fetching location pricing preview.");
      void navigate(newPath);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button onClick={() => void start()} loading={loading}>
        Add Location
      </Button>
      <Modal opened={modal === "cost"} onClose={() => setModal("none")} title="Add Location" centered>
        <Text size="sm" mb="md" data-testid="billing-preview">
          {isAdmin && preview?.new_location_monthly_unit_cents != null
            ? `Adding a location will add ${formatMonthlyCost(preview.new_location_monthly_unit_cents)} to your bill.`
            : NON_ADMIN_BILLING_NOTE}
        </Text>
        {isAdmin && (
          <Text size="sm" mb="md">
            <Link to="/settings/billing">View billing</Link>
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setModal("none")}>
            Cancel
          </Button>
          <Button onClick={() => void navigate(newPath)}>Continue</Button>
        </Group>
      </Modal>
      <Modal opened={modal === "trial"} onClose={() => setModal("none")} title="Location limit reached" centered>
        <Text size="sm" mb="md" data-testid="trial-modal">
          {`Your trial includes up to ${preview?.trial_location_limit ?? 1} location${preview?.trial_location_limit === 1 ? "" : "s"}. Upgrade your plan to add more locations.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setModal("none")}>
            Not now
          </Button>
          <Button component={Link} to="/settings/billing/edit">
            Upgrade now
          </Button>
        </Group>
      </Modal>
    </>
  );
}
