import type { TContact, TContactWrite, TDoNotContactWrite, TUpload } from "@starboard/contract/customers";
import type { RouteInput } from "@starboard/contract/route";
import { customerRoutes } from "@starboard/contract/routes/customers";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, request, routePath } from "../../../lib/api";

export type { TContact, TUpload };

export const CUSTOMERS_PER_PAGE = 25;
export type TContactsQuery = NonNullable<RouteInput<typeof customerRoutes.listContacts>["query"]>;
export type TDoNotContactQuery = NonNullable<RouteInput<typeof customerRoutes.listDoNotContact>["query"]>;

export const customerKeys = {
  all: ["customers"] as const,
  list: (q: TContactsQuery) => ["customers", "list", q] as const,
  dnc: (q: TDoNotContactQuery) => ["customers", "do-not-contact", q] as const,
  upload: (id: string) => ["customers", "upload", id] as const,
};

/** GET /contacts. */
export function useContacts(query: TContactsQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => call(customerRoutes.listContacts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /do_not_contact. */
export function useDoNotContact(query: TDoNotContactQuery) {
  return useQuery({
    queryKey: customerKeys.dnc(query),
    queryFn: ({ signal }) => call(customerRoutes.listDoNotContact, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /contacts, or PATCH /contacts/{id} when `id` is given. */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TContactWrite }) =>
      id ? call(customerRoutes.updateContact, { params: { id }, body }) : call(customerRoutes.createContact, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** DELETE /contacts/{id}. */
export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(customerRoutes.deleteContact, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** POST /do_not_contact and DELETE /do_not_contact/{id}. */
export function useAddDoNotContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TDoNotContactWrite) => call(customerRoutes.addDoNotContact, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
export function useRemoveDoNotContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(customerRoutes.removeDoNotContact, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** POST /upload: multipart `file_upload` with the session's `auth_token`; answers the id. */
export function uploadCustomers(
  file: File,
  fields: { kind: "recipients" | "do_not_contact"; auth_token?: string },
): Promise<{ id: string }> {
  const form = new FormData();
  form.set("file_upload", file, file.name);
  form.set("kind", fields.kind);
  if (fields.auth_token) form.set("auth_token", fields.auth_token);
  return request<{ id: string }>("POST", routePath(customerRoutes.upload, undefined), { body: form });
}

export const uploadRunning = (u: Pick<TUpload, "status"> | undefined) => u?.status === "processing";

/** GET /uploads/{id}, polled every 500 ms while the job reads the file. */
export function useUpload(id: string | null) {
  return useQuery({
    queryKey: customerKeys.upload(id ?? ""),
    queryFn: ({ signal }) => call(customerRoutes.getUpload, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (uploadRunning(query.state.data) ? 500 : false),
  });
}

/** The direct CSV downloads (GET /export/csv/...). */
export const CSV_PATHS = {
  recipientTemplate: `/api${routePath(customerRoutes.recipientTemplateCsv, undefined)}`,
  doNotContact: `/api${routePath(customerRoutes.doNotContactCsv, undefined)}`,
  customAttributes: `/api${routePath(customerRoutes.microsurveyCustomAttributesCsv, undefined)}`,
  failed: (uploadId: string) =>
    `/api${routePath(customerRoutes.failedUploadRecipientsCsv, undefined)}?upload_id=${encodeURIComponent(uploadId)}`,
};
