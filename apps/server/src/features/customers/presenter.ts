import {
  type TConsent,
  type TContact,
  type TDoNotContact,
  type TUpload,
  type TUploadReportRow,
  type TUploadRowReason,
  UPLOAD_KINDS,
  uploadRowMessage,
} from "@starboard/contract/customers";
import type { ContactRow, DoNotContactRow, UploadRow } from "./queries.ts";

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function presentContact(row: ContactRow): TContact {
  return {
    id: row.id,
    account_id: row.account_id,
    location_id: row.location_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    custom_attributes: (row.custom_attributes ?? {}) as Record<string, string>,
    email_consent: (row.email_consent ?? null) as TConsent | null,
    sms_consent: (row.sms_consent ?? null) as TConsent | null,
    email_opted_out_at: iso(row.email_opted_out_at),
    sms_opted_out_at: iso(row.sms_opted_out_at),
    email_undeliverable_at: iso(row.email_undeliverable_at),
    last_requested_at: iso(row.last_requested_at),
    do_not_contact: Boolean(row.do_not_contact),
    upload_id: row.upload_id,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

export function presentDoNotContact(row: DoNotContactRow): TDoNotContact {
  return {
    id: row.id,
    account_id: row.account_id,
    email: row.email,
    phone: row.phone,
    reason: row.reason,
    created_at: iso(row.created_at) as string,
  };
}

/** A stored rejected row: the reason is `code` or `code:n` (duplicate of row n). */
export function presentReportRow(row: {
  row_number: number;
  values: unknown;
  reason: string | null;
}): TUploadReportRow {
  const [code, of] = (row.reason ?? "no_address").split(":");
  const duplicateOf = of ? Number(of) : null;
  return {
    row: row.row_number,
    reason: code as TUploadRowReason,
    message: uploadRowMessage(code as TUploadRowReason, duplicateOf),
    duplicate_of: duplicateOf,
    values: (row.values ?? {}) as Record<string, string>,
  };
}

export function presentUpload(row: UploadRow, report: TUploadReportRow[], truncated: boolean): TUpload {
  const kind = (UPLOAD_KINDS as readonly string[]).includes(row.kind) ? (row.kind as TUpload["kind"]) : "recipients";
  return {
    id: row.id,
    upload_id: row.id,
    account_id: row.account_id,
    kind,
    status: row.status,
    error: row.error,
    file_name: row.file_name,
    mime_type: row.mime_type,
    location_id: row.location_id,
    campaign_id: row.campaign_id,
    rows_done: row.rows_done,
    rows_total: row.rows_total,
    total_successful_recipients: row.total_successful_recipients,
    total_failed_recipients: row.total_failed_recipients,
    report,
    report_truncated: truncated,
    created_at: iso(row.created_at) as string,
    completed_at: iso(row.completed_at),
  };
}
