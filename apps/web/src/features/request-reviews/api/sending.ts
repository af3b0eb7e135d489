import { requestSendingRoutes, type TRequestSettingsWrite } from "@starboard/contract/routes/request-sending";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

const key = ["request-settings"] as const;

/** GET /request_settings: quiet hours and the minimum days between two requests to a customer. */
export function useRequestSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(requestSendingRoutes.getRequestSettings, { query: {} }, { signal }),
  });
}

/** PUT /request_settings */
export function useSaveRequestSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRequestSettingsWrite) => call(requestSendingRoutes.updateRequestSettings, { query: {}, body }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
