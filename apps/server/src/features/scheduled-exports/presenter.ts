import {
  SCHEDULED_EXPORT_TYPES,
  type TEmailFrequency,
  type TScheduledExport,
  type TScheduledExportFilters,
  type TScheduledExportType,
  type TWeekDay,
} from "@starboard/contract/scheduled-exports";
import type { ScheduledExportRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentScheduledExport(row: ScheduledExportRow, emails: Map<string, string>): TScheduledExport {
  const recipients = row.recipient_user_ids ?? [];
  return {
    id: row.id,
    account_id: row.account_id,
    export_type: row.export_type,
    display_name: SCHEDULED_EXPORT_TYPES[row.export_type as TScheduledExportType]?.label ?? row.export_type,
    resource_id: row.resource_id,
    date_range_legend: row.date_range_legend,
    filters: (row.filters ?? {}) as TScheduledExportFilters,
    recipient_user_ids: recipients,
    recipient_emails: recipients.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])),
    email_frequency: row.email_frequency as TEmailFrequency,
    email_subject: row.email_subject,
    email_body: row.email_body,
    scheduled_time: row.scheduled_time,
    scheduled_day: (row.scheduled_day as TWeekDay | null) ?? null,
    scheduled_day_of_month: row.scheduled_day_of_month,
    next_run_at: iso(row.next_run_at),
    last_sent_at: row.last_sent_at ? iso(row.last_sent_at) : null,
    created_at: iso(row.created_at),
    created_by_user_id: row.created_by_user_id,
    _links: { self: { href: `/api/scheduled_exports/${row.id}` } },
  };
}
