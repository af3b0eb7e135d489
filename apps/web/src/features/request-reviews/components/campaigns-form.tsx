import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { TCampaignWrite } from "@starboard/contract/campaigns";
import type { TFeedbackSelectorType } from "@starboard/contract/requests";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api";
import { useSignedInSession } from "../../../lib/session";
import { toastSuccess } from "../../../lib/toast";
import {
  useCampaignLocations,
  useCustomerPicker,
  useRequestableUrls,
  useSaveCampaign,
  useTemplates,
} from "../api/campaigns";
import { FEEDBACK_TYPE_OPTIONS } from "./templates-form";
import { MessagePreview } from "./templates-preview";

/**
 * A new campaign (a draft): name, channel, location(s) (several make a multiCampaign), template, feedback
 * type, review sites (auto-selected, or chosen among the sites that allow asking), sender, recipients from
 * the customers; a preview as sent beside it. Uploads, sending and scheduling follow on the campaign's page.
 */
export function CampaignForm() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [channel, setChannel] = useState<"email" | "sms">("email");
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<TFeedbackSelectorType>("nps");
  const [autoSources, setAutoSources] = useState(true);
  const [urlIds, setUrlIds] = useState<string[]>([]);
  const [senderName, setSenderName] = useState("");
  const [senderEmail, setSenderEmail] = useState("");
  const [search, setSearch] = useState("");
  const [recipients, setRecipients] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const locations = useCampaignLocations();
  const templates = useTemplates(channel);
  const urls = useRequestableUrls(locationIds);
  const customers = useCustomerPicker(search);
  const save = useSaveCampaign();

  const template = templates.data?._embedded.templates.find((t) => t.id === templateId);
  const locationOptions = (locations.data?._embedded.locations ?? []).map((l) => ({ value: l.id, label: l.name }));
  const firstLocation = locationOptions.find((l) => l.value === locationIds[0])?.label ?? null;
  const [known, setKnown] = useState<Record<string, string>>({});
  const customerOptions = useMemo(() => {
    const list = (customers.data?._embedded.contacts ?? [])
      .filter((c) => (channel === "sms" ? c.phone : c.email))
      .map((c) => ({ value: c.id, label: `${c.name || "(no name)"} · ${channel === "sms" ? c.phone : c.email}` }));
    const extra = recipients
      .filter((id) => !list.some((o) => o.value === id))
      .map((id) => ({ value: id, label: known[id] ?? id }));
    return [...list, ...extra];
  }, [customers.data, channel, recipients, known]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const body: TCampaignWrite = {
      name,
      request_type: channel,
      location_ids: locationIds,
      template_id: templateId,
      feedback_configuration: { selector_type: feedback },
      auto_select_sources: autoSources,
      url_ids: autoSources ? [] : urlIds,
      sender_name: senderName || null,
      sender_email: senderEmail || null,
      recipients,
    };
    if (locationIds.length === 0) {
      setErrors({ location_id: "Choose a location" });
      return;
    }
    try {
      const saved = await save.mutateAsync({ body });
      toastSuccess("Campaign created");
      void navigate(`../${saved.id}`, { relative: "path" });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      else setFormError(err instanceof Error ? err.message : "An unexpected error occured");
    }
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <form onSubmit={submit} noValidate aria-label="New campaign">
          <Stack gap="sm">
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <div>
              <Text size="sm" fw={500} id="campaign-channel-label" mb={4}>
                Channel
              </Text>
              <SegmentedControl
                aria-labelledby="campaign-channel-label"
                value={channel}
                onChange={(v) => {
                  setChannel(v as "email" | "sms");
                  setTemplateId(null);
                  setRecipients([]);
                }}
                data={[
                  { value: "email", label: "E-mail" },
                  { value: "sms", label: "SMS" },
                ]}
              />
              {errors.request_type && (
                <Text size="xs" c="red.8" role="alert">
                  {errors.request_type}
                </Text>
              )}
            </div>
            <MultiSelect
              label="Locations"
              required
              searchable
              data={locationOptions}
              value={locationIds}
              onChange={setLocationIds}
              error={errors.location_id ?? errors.location_ids}
              description={locationIds.length > 1 ? "Several locations: a multi-location campaign" : undefined}
              nothingFoundMessage={locations.isPending ? "Loading…" : "No locations"}
            />
            <Select
              label="Template"
              required
              data={(templates.data?._embedded.templates ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={templateId}
              onChange={setTemplateId}
              error={errors.template_id}
              nothingFoundMessage="No templates for this channel yet"
              placeholder={templates.isPending ? "Loading…" : "Choose a template"}
            />
            <Select
              label="Feedback type"
              data={FEEDBACK_TYPE_OPTIONS}
              value={feedback}
              onChange={(v) => v && setFeedback(v as TFeedbackSelectorType)}
              allowDeselect={false}
              error={errors["feedback_configuration.microsurvey_id"]}
            />
            <Checkbox
              label="Choose review sites automatically"
              checked={autoSources}
              onChange={(e) => setAutoSources(e.currentTarget.checked)}
            />
            {!autoSources && (
              <MultiSelect
                label="Review sites"
                description="Sites that do not allow asking for reviews (such as Yelp) are never offered."
                data={(urls.data?._embedded.urls ?? []).map((u) => ({
                  value: u.id,
                  label: `${u.source_name} · ${u.link}`,
                }))}
                value={urlIds}
                onChange={setUrlIds}
                error={errors.url_ids}
                nothingFoundMessage={
                  locationIds.length ? "No review sites for these locations" : "Choose a location first"
                }
              />
            )}
            {channel === "email" && (
              <Group grow>
                <TextInput
                  label="Sender name"
                  value={senderName}
                  onChange={(e) => setSenderName(e.currentTarget.value)}
                  error={errors.sender_name}
                />
                <TextInput
                  label="Reply-to e-mail"
                  type="email"
                  value={senderEmail}
                  onChange={(e) => setSenderEmail(e.currentTarget.value)}
                  error={errors.sender_email}
                />
              </Group>
            )}
            <MultiSelect
              label="Recipients"
              description="Customers to ask; you can also upload a CSV on the campaign's page."
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={customerOptions}
              value={recipients}
              onChange={(ids) => {
                const labels = { ...known };
                for (const o of customerOptions) labels[o.value] = o.label;
                setKnown(labels);
                setRecipients(ids);
              }}
              error={errors.recipients}
              nothingFoundMessage={customers.isPending ? "Loading…" : "No customers found"}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate("..", { relative: "path" })}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Create draft
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md" radius="md">
          {template ? (
            <MessagePreview
              template={template}
              feedbackType={feedback}
              businessName={session.account.name}
              locationName={firstLocation}
            />
          ) : (
            <Text size="sm" c="gray.7">
              Choose a template to see the message as it will be sent.
            </Text>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
