import type { TNoteCreate } from "@starboard/contract/reviews";
import { reviewRoutes } from "@starboard/contract/routes/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { showRequestError } from "../../../lib/toast";

/** POST /notes {review_id, content}: recorded in the review's history. */
export function createNote(body: TNoteCreate) {
  return call(reviewRoutes.createNote, { body });
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
