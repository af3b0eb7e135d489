import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Checkbox.css";
import { Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { CONSENT_METHODS, type TContact, type TContactWrite } from "@starboard/contract/customers";
import { useState } from "react";
import { apiFieldErrors } from "../../../lib/form-errors";
import { isEmail, isUsPhone } from "../../../lib/patterns";
import { serverErrorText } from "../../../lib/toast";

const METHOD_LABEL: Record<(typeof CONSENT_METHODS)[number], string> = {
  verbal: "Verbal",
  written: "Written",
  web_form: "Web form",
  upload: "Upload",
  sms_keyword: "Text message keyword",
  other: "Other",
};
const METHOD_OPTIONS = CONSENT_METHODS.map((value) => ({ value, label: METHOD_LABEL[value] }));

export function consentLabel(consent: TContact["sms_consent"]): string {
  if (!consent) return "No consent recorded";
  const when = new Date(consent.at).toLocaleDateString("en-US");
  const how = METHOD_LABEL[consent.method as keyof typeof METHOD_LABEL] ?? consent.method;
  return `${how}, ${when}${consent.wording ? `: “${consent.wording}”` : ""}`;
}

type ChannelState = { consent: boolean; method: string; wording: string; optedOut: boolean };

function channelOf(contact: TContact | null, channel: "email" | "sms"): ChannelState {
  const consent = contact?.[`${channel}_consent`] ?? null;
  return {
    consent: Boolean(consent),
    method: consent?.method ?? "written",
    wording: consent?.wording ?? "",
    optedOut: Boolean(contact?.[`${channel}_opted_out_at`]),
  };
}

/** Add or edit a customer: name, e-mail, phone, and per channel the consent (how, wording) and the opt-out. */
export function CustomerForm({
  opened,
  contact,
  saving,
  onClose,
  onSave,
}: {
  opened: boolean;
  contact: TContact | null;
  saving: boolean;
  onClose: () => void;
  onSave: (body: TContactWrite) => Promise<unknown>;
}) {
  const [name, setName] = useState(contact?.name ?? "");
  const [email, setEmail] = useState(contact?.email ?? "");
  const [phone, setPhone] = useState(contact?.phone ?? "");
  const [channels, setChannels] = useState({ email: channelOf(contact, "email"), sms: channelOf(contact, "sms") });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const setChannel = (channel: "email" | "sms", patch: Partial<ChannelState>) =>
    setChannels((prev) => ({ ...prev, [channel]: { ...prev[channel], ...patch } }));

  const submit = async () => {
    const next: Record<string, string> = {};
    if (!email.trim() && !phone.trim()) next.email = "Enter an e-mail address or a phone number";
    if (email.trim() && !isEmail(email)) next.email = "Enter a valid e-mail address";
    if (phone.trim() && !isUsPhone(phone) && phone.trim() !== contact?.phone)
      next.phone = "Enter a 10-digit US phone number";
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    const body: TContactWrite = { name: name.trim(), email: email.trim() || null, phone: phone.trim() || null };
    for (const channel of ["email", "sms"] as const) {
      const c = channels[channel];
      const before = contact?.[`${channel}_consent`] ?? null;
      const changed = !before || before.method !== c.method || before.wording !== c.wording;
      if (!c.consent) body[`${channel}_consent`] = null;
      else if (changed)
        body[`${channel}_consent`] = { method: c.method as (typeof CONSENT_METHODS)[number], wording: c.wording };
      body[`${channel}_opted_out`] = c.optedOut;
    }
    try {
      await onSave(body);
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(serverErrorText(error) ?? "The customer could not be saved.");
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? "Edit customer" : "Add customer"}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
          <TextInput
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="(555) 123-4567"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
          />
          {(["email", "sms"] as const).map((channel) => {
            const c = channels[channel];
            const title = channel === "email" ? "E-mail" : "Text messages";
            return (
              <Stack key={channel} gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={600} size="sm">
                  {title}
                </Text>
                <Checkbox
                  label={`Consent to ${channel === "email" ? "e-mail" : "text messages"} recorded`}
                  checked={c.consent}
                  onChange={(e) => setChannel(channel, { consent: e.currentTarget.checked })}
                />
                {c.consent && (
                  <Group grow align="flex-start">
                    <Select
                      label="How consent was given"
                      data={METHOD_OPTIONS}
                      value={c.method}
                      onChange={(v) => v && setChannel(channel, { method: v })}
                      allowDeselect={false}
                    />
                    <Textarea
                      label="Consent wording"
                      value={c.wording}
                      onChange={(e) => setChannel(channel, { wording: e.currentTarget.value })}
                      maxLength={1000}
                      autosize
                      minRows={1}
                    />
                  </Group>
                )}
                <Checkbox
                  label={`Opted out of ${channel === "email" ? "e-mail" : "text messages"}`}
                  checked={c.optedOut}
                  onChange={(e) => setChannel(channel, { optedOut: e.currentTarget.checked })}
                />
              </Stack>
            );
          })}
          {failure && (
            <Text c="red.8" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
