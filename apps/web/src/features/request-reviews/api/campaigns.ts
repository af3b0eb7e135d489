import type { TCampaign, TCampaignWrite } from "@starboard/contract/campaigns";
import {
  IMAGE_PROCESSING_TIMEOUT_MS,
  type TRequestTemplate,
  type TRequestTemplateWrite,
  type TRtxImageEvent,
} from "@starboard/contract/request-templates";
import { campaignRoutes } from "@starboard/contract/routes/campaigns";
import { customerRoutes } from "@starboard/contract/routes/customers";
import { locationRoutes } from "@starboard/contract/routes/locations";
import { requestTemplateRoutes } from "@starboard/contract/routes/request-templates";
import { sourceRoutes } from "@starboard/contract/routes/sources";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, getCredentials, request, routePath } from "../../../lib/api";

export type { TCampaign, TRequestTemplate };

export const CAMPAIGNS_PER_PAGE = 25;

export const campaignKeys = {
  templates: ["request-templates"] as const,
  templateList: (type?: string) => ["request-templates", "list", type ?? "all"] as const,
  template: (id: string) => ["request-templates", "one", id] as const,
  campaigns: ["campaigns"] as const,
  campaignList: (page: number, status?: string) => ["campaigns", "list", page, status ?? "all"] as const,
  campaign: (id: string) => ["campaigns", "one", id] as const,
  recipients: (id: string, page: number) => ["campaigns", "recipients", id, page] as const,
};

// ---- Templates ----

export function useTemplates(type?: "email" | "sms") {
  return useQuery({
    queryKey: campaignKeys.templateList(type),
    queryFn: ({ signal }) =>
      call(requestTemplateRoutes.listRequestTemplates, { query: { per_page: 100, request_type: type } }, { signal }),
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: campaignKeys.template(id ?? ""),
    queryFn: ({ signal }) =>
      call(requestTemplateRoutes.getRequestTemplate, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
  });
}

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TRequestTemplateWrite }) =>
      id
        ? call(requestTemplateRoutes.updateRequestTemplate, { params: { id }, body })
        : call(requestTemplateRoutes.createRequestTemplate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(requestTemplateRoutes.deleteRequestTemplate, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.templates }),
  });
}

/** POST /templates/preview, for a campaign's preview as sent (the same renderer as sending). */
export function previewMessage(body: TRequestTemplateWrite) {
  return call(requestTemplateRoutes.previewRequestTemplate, { body });
}

// ---- Header images (reviews.md §4: start, complete, processing, processing complete, or error and reset) ----

export type THeaderImageState = "idle" | "start" | "complete" | "processing" | "processing_complete" | "error";

/** POST /upload (the image), then POST /webhooks/rtx-images, then the push channel until done or 15 s. */
export async function uploadHeaderImage(
  file: File,
  resourceId: string,
  onState: (state: THeaderImageState) => void,
): Promise<TRtxImageEvent> {
  onState("start");
  const form = new FormData();
  form.set("file_upload", file, file.name);
  const token = getCredentials()?.token;
  if (token) form.set("auth_token", token);
  const uploaded = await request<{ id: string }>("POST", routePath(customerRoutes.upload, undefined), { body: form });
  onState("complete");
  const queued = await call(requestTemplateRoutes.rtxImagesWebhook, {
    body: {
      event: "process",
      label: "header_image",
      resource_id: resourceId,
      mime_type: file.type,
      s3_path: `uploads/${uploaded.id}`,
    },
  });
  onState("processing");
  const deadline = Date.now() + IMAGE_PROCESSING_TIMEOUT_MS;
  const channel = queued.channel;
  while (Date.now() < deadline) {
    const wait = Math.max(0, Math.min(5, Math.floor((deadline - Date.now()) / 1000)));
    const res = await call(requestTemplateRoutes.pushEvents, { query: { channel, wait } });
    const event = res.events.find((e) => e.id === queued.id);
    if (event && event.action !== "processing") return event;
    if (wait === 0) await new Promise((r) => setTimeout(r, 250));
  }
  throw new ImageTimeout();
}

export class ImageTimeout extends Error {}

// ---- Campaigns ----

export function useCampaigns(page: number, status?: TCampaign["status"]) {
  return useQuery({
    queryKey: campaignKeys.campaignList(page, status),
    queryFn: ({ signal }) =>
      call(campaignRoutes.listCampaigns, { query: { page, per_page: CAMPAIGNS_PER_PAGE, status } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKeys.campaign(id ?? ""),
    queryFn: ({ signal }) => call(campaignRoutes.getCampaign, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === "sending" ? 3000 : false),
  });
}

export function useCampaignRecipients(id: string, page: number, live: boolean) {
  return useQuery({
    queryKey: campaignKeys.recipients(id, page),
    queryFn: ({ signal }) =>
      call(campaignRoutes.listCampaignRequests, { params: { id }, query: { page, per_page: 25 } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
}

export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TCampaignWrite }) =>
      id
        ? call(campaignRoutes.updateCampaign, { params: { id }, body })
        : call(campaignRoutes.createCampaign, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.campaigns }),
  });
}

export type TCampaignAction = "send" | "schedule" | "cancel" | "delete";

export function useCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, at }: { id: string; action: TCampaignAction; at?: string }) => {
      if (action === "send") return call(campaignRoutes.sendCampaign, { params: { id }, body: {} });
      if (action === "cancel") return call(campaignRoutes.cancelCampaign, { params: { id }, body: {} });
      if (action === "schedule")
        return call(campaignRoutes.scheduleCampaign, { params: { id }, body: { scheduled_at: at } });
      await call(campaignRoutes.deleteCampaign, { params: { id } });
      return null;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.campaigns }),
  });
}

export const CAMPAIGNS_CSV_PATH = `/api${routePath(campaignRoutes.campaignsCsv, undefined)}`;

// ---- What a campaign is made of ----

export function useCampaignLocations() {
  return useQuery({
    queryKey: ["campaigns", "locations"],
    queryFn: ({ signal }) => call(locationRoutes.listLocations, { query: { per_page: 250 } }, { signal }),
  });
}

/** The review sites a campaign may offer: GET /urls without excluded and forbidding (Yelp) sites. */
export function useRequestableUrls(locationIds: string[]) {
  return useQuery({
    queryKey: ["campaigns", "urls", locationIds],
    queryFn: ({ signal }) =>
      call(
        sourceRoutes.listUrls,
        {
          query: {
            "location_id[]": locationIds,
            exclude_request_reviews: "true",
            source_feedback_forbidden: "true",
            per_page: 250,
          },
        },
        { signal },
      ),
    enabled: locationIds.length > 0,
  });
}

export function useCustomerPicker(keywords: string) {
  return useQuery({
    queryKey: ["campaigns", "contacts", keywords],
    queryFn: ({ signal }) =>
      call(customerRoutes.listContacts, { query: { per_page: 50, keywords: keywords || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUploadStatus(id: string | null) {
  return useQuery({
    queryKey: ["campaigns", "upload", id ?? ""],
    queryFn: ({ signal }) => call(customerRoutes.getUpload, { params: { id: id as string } }, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === "processing" ? 500 : false),
  });
}

/** POST /upload of a recipients CSV for a draft campaign (its customers join the campaign). */
export function uploadRecipients(file: File, campaignId: string) {
  const form = new FormData();
  form.set("file_upload", file, file.name);
  form.set("kind", "recipients");
  form.set("campaign_id", campaignId);
  const token = getCredentials()?.token;
  if (token) form.set("auth_token", token);
  return request<{ id: string }>("POST", routePath(customerRoutes.upload, undefined), { body: form });
}
