import {
  ZMicrosurveyListQuerySchema,
  ZMicrosurveyListSchema,
  ZMicrosurveySchema,
  ZMicrosurveySummaryQuerySchema,
  ZMicrosurveySummarySchema,
  ZMicrosurveyWriteSchema,
} from "../microsurveys.ts";
import { defineRoute } from "../route.ts";
import { z } from "../zod.ts";

const ZIdParams = z.object({ id: z.string().max(100) });
const ZAccountQuery = z.object({ account_id: z.string().max(100).optional() });
const tag = "microsurveys";

/**
 * Microsurveys (docs/api.md "Microsurveys"): REQUEST read to read; template create/update/delete (Managers and
 * Admins) to write. The account's `microsurveys` setting gates them all (403), `nps_score` the NPS questions.
 */
export const microsurveyRoutes = {
  listMicrosurveys: defineRoute({
    method: "GET",
    path: "/api/microsurveys",
    summary: "The account's microsurveys, newest first (`keywords` matches the name)",
    tag,
    query: ZMicrosurveyListQuerySchema,
    response: ZMicrosurveyListSchema,
    access: { action: "read", resource: "request" },
  }),
  getMicrosurvey: defineRoute({
    method: "GET",
    path: "/api/microsurveys/:id",
    summary: "One microsurvey with its questions",
    tag,
    params: ZIdParams,
    query: ZAccountQuery,
    response: ZMicrosurveySchema,
    access: { action: "read", resource: "request" },
    idResource: "microsurveys",
  }),
  createMicrosurvey: defineRoute({
    method: "POST",
    path: "/api/microsurveys",
    summary: "Creates a microsurvey with its questions (star, nps, choice, text)",
    tag,
    body: ZMicrosurveyWriteSchema,
    status: 201,
    response: ZMicrosurveySchema,
    access: { action: "create", resource: "template" },
  }),
  updateMicrosurvey: defineRoute({
    method: "PATCH",
    path: "/api/microsurveys/:id",
    summary: "Changes a microsurvey; `questions`, when sent, replaces the list (questions keep their answers by id)",
    tag,
    params: ZIdParams,
    body: ZMicrosurveyWriteSchema,
    response: ZMicrosurveySchema,
    access: { action: "update", resource: "template" },
    idResource: "microsurveys",
  }),
  deleteMicrosurvey: defineRoute({
    method: "DELETE",
    path: "/api/microsurveys/:id",
    summary: "Deletes a microsurvey (its responses stay for the reviews they made; it leaves the lists)",
    tag,
    params: ZIdParams,
    status: 204,
    response: z.null(),
    access: { action: "delete", resource: "template" },
    idResource: "microsurveys",
  }),
  microsurveySummaries: defineRoute({
    method: "GET",
    path: "/api/microsurveys/:id/summaries",
    summary:
      "Each question's results over a date range: distributions, choice counts, text answers (paged), NPS and the star average on 1-5 or 1-10",
    tag,
    params: ZIdParams,
    query: ZMicrosurveySummaryQuerySchema,
    response: ZMicrosurveySummarySchema,
    access: { action: "read", resource: "request" },
    idResource: "microsurveys",
  }),
};
