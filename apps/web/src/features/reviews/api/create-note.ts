import type { TNote } from "@starboard/contract/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

export function createNote(body: { review_id: string; content: string }) {
  return api.post<TNote>("/notes", body);
}

export function useCreateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (_note, input) => {
      void qc.invalidateQueries({ queryKey: ["notes", input.review_id] });
      void qc.invalidateQueries({ queryKey: ["reviews", "history", input.review_id] });
    },
    onError: (error) => showRequestError(error, "Could not add the note"),
  });
}
