import type { TReviewHistoryAction } from "@starboard/contract/reviews";
import { RESPONSE_DELETE_ERROR, RESPONSE_PUBLISH_ERROR } from "@starboard/contract/reviews";
import type { AppContext } from "../../platform/context.ts";
import { ALERTS_RESPONSE_FAILED_JOB } from "../alerts/index.ts";
import {
  ConnectorError,
  connectorFor,
  recordHistory,
  type SourceCredentials,
  type SourceLocationRef,
} from "../reviews/index.ts";
import { sandboxConnectorOptions } from "../sandboxes/index.ts";
import { type JobContext, selectJobContext } from "./queries.ts";
import { DELETE_JOB, PUBLISH_JOB, refusedMessage } from "./service.ts";

/** The source Starboard's own feedback pages collect; its responses publish locally, without a connector. */
const LOCAL_SOURCE = "feedback";

/** A publish or delete that cannot reach the source; the reason goes to responses.last_error. */
class PublishFailure extends Error {}

/**
 * Seconds before the first retry (then doubling, pg-boss backoff). RESPONSES_RETRY_DELAY_SECONDS
 * shortens it for tests and demos.
 */
function retryDelay() {
  const value = Number(process.env.RESPONSES_RETRY_DELAY_SECONDS);
  return Number.isInteger(value) && value >= 0 ? value : 30;
}

function sourceRef(job: JobContext): SourceLocationRef {
  if (!job.credentials_id) throw new PublishFailure(`No ${job.source_name} credentials for this account.`);
  if (!job.reference_id) throw new PublishFailure(`The location has no ${job.source_name} reference id.`);
  const credentials: SourceCredentials = {};
  if (job.access_token) credentials.accessToken = job.access_token;
  if (job.api_key) credentials.apiKey = job.api_key;
  if (job.business_user_id) credentials.businessUserId = job.business_user_id;
  return { externalId: job.reference_id, credentials };
}

function connectorOf(job: JobContext, ctx: AppContext) {
  const connector = connectorFor(job.source_code, sandboxConnectorOptions(ctx, job.sandbox));
  if (!connector) throw new PublishFailure(`No connector reaches ${job.source_name}.`);
  return connector;
}

/**
 * A source's refusal that retrying cannot change (a 4xx the connector marks permanent: bad request,
 * no access, not found). Such a failure stops retrying at once; temporary ones (429, 5xx, time-outs)
 * and Starboard's own missing setup (no connector, credentials or reference id) retry with backoff.
 */
const refusedForGood = (error: unknown): error is ConnectorError => error instanceof ConnectorError && !error.retryable;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

type Db = AppContext["database"]["db"];

/** Loads the response if it is in one of the states this job acts on, and counts the attempt. */
async function startAttempt(db: Db, responseId: string, states: readonly string[]): Promise<JobContext | null> {
  const job = await selectJobContext(db, responseId);
  if (!job || job.deleted_at || !states.includes(job.status)) return null;
  await db
    .updateTable("responses")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", job.id)
    .execute();
  return job;
}

/**
 * Records a failed attempt: the response and its review take the error state and the spec's
 * message; the first failure of a run (from `firstState`) also goes into the review's history.
 * Answers false when the response had meanwhile left the states the job acts on.
 */
async function recordFailure(
  db: Db,
  job: JobContext,
  failure: {
    states: readonly string[];
    status: string;
    description: string;
    firstState: string;
    action: TReviewHistoryAction;
  },
  error: unknown,
  /** Runs in the failure's transaction on a run's first failure (jobs it causes commit with it). */
  onFirstFailure?: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("responses")
      .set({
        status: failure.status,
        status_description: failure.description,
        last_error: message(error),
        updated_at: new Date(),
      })
      .where("id", "=", job.id)
      .where("status", "in", [...failure.states])
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) === 0) return false;
    await trx.updateTable("reviews").set({ response_status: failure.status }).where("id", "=", job.review_id).execute();
    if (job.status === failure.firstState) {
      await recordHistory(trx, {
        accountId: job.account_id,
        reviewId: job.review_id,
        userId: null,
        action: failure.action,
        details: { response_id: job.id },
      });
      await onFirstFailure?.(trx);
    }
    return true;
  });
}

const PUBLISH_STATES = ["pending", "error_published"] as const;
const DELETE_STATES = ["pending_delete", "error_unpublished"] as const;

/** responses.publish and responses.delete: the response state machine of docs/product/reviews.md §4. */
export function registerResponseJobs(ctx: AppContext) {
  const db = ctx.database.db;
  const options = { retryLimit: 6, retryDelay: retryDelay(), retryBackoff: true };

  ctx.jobs.define<{ response_id: string }>({
    name: PUBLISH_JOB,
    options,
    concurrency: 2,
    handler: async ({ response_id }) => {
      const job = await startAttempt(db, response_id, PUBLISH_STATES);
      if (!job) return;
      let published: { publishedAt: Date; sourceResponseId?: string | undefined };
      try {
        if (job.source_code === LOCAL_SOURCE) {
          published = { publishedAt: new Date() };
        } else {
          const connector = connectorOf(job, ctx);
          if (!connector.publishResponse) throw new PublishFailure(`${job.source_name} takes no responses.`);
          const result = await connector.publishResponse(sourceRef(job), job.source_review_id, job.content);
          published = { publishedAt: new Date(), sourceResponseId: result.sourceResponseId };
        }
      } catch (error) {
        await recordFailure(
          db,
          job,
          {
            states: PUBLISH_STATES,
            status: "error_published",
            description: refusedForGood(error)
              ? refusedMessage("publish", job.source_name, error.kind)
              : RESPONSE_PUBLISH_ERROR,
            firstState: "pending",
            action: "response_publish_failed",
          },
          error,
          // The first failure tells the users who asked for response-failed alerts (enqueued with it).
          (trx) =>
            ctx.jobs
              .send(ALERTS_RESPONSE_FAILED_JOB, { responseId: job.id }, { singletonKey: `failed:${job.id}`, trx })
              .then(() => undefined),
        );
        if (refusedForGood(error)) {
          ctx.log.warn(
            { response_id: job.id, err: message(error) },
            "response publish refused by the source; no retry",
          );
          return;
        }
        ctx.log.warn({ response_id: job.id, err: message(error) }, "response publish failed; will retry");
        throw error; // pg-boss retries with backoff
      }
      const publishedAt = published.publishedAt;
      const requeueDelete = await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable("responses")
          .set({
            status: "published",
            status_description: null,
            published_at: publishedAt,
            read_only: job.source_code === LOCAL_SOURCE,
            source_response_id: published.sourceResponseId ?? null,
            last_error: null,
            updated_at: new Date(),
          })
          .where("id", "=", job.id)
          .where("status", "in", ["pending", "error_published"])
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) {
          // A delete was asked for while this publish was under way: the response is at the source now,
          // so it must go through the delete job (which removes it there too).
          await trx
            .updateTable("responses")
            .set({
              status: "pending_delete",
              deleted_at: null,
              published_at: publishedAt,
              source_response_id: published.sourceResponseId ?? null,
            })
            .where("id", "=", job.id)
            .execute();
          await trx
            .updateTable("reviews")
            .set({ response_status: "pending_delete" })
            .where("id", "=", job.review_id)
            .execute();
          await ctx.jobs.send(DELETE_JOB, { response_id: job.id }, { trx });
          return true;
        }
        await trx
          .updateTable("reviews")
          .set({ response_status: "published", responded_at: publishedAt })
          .where("id", "=", job.review_id)
          .execute();
        await recordHistory(trx, {
          accountId: job.account_id,
          reviewId: job.review_id,
          userId: null,
          action: "response_published",
          details: { response_id: job.id },
        });
        return false;
      });
      if (requeueDelete) ctx.log.info({ response_id: job.id }, "response deleted while publishing; delete queued");
    },
  });

  ctx.jobs.define<{ response_id: string }>({
    name: DELETE_JOB,
    options,
    concurrency: 2,
    handler: async ({ response_id }) => {
      const job = await startAttempt(db, response_id, DELETE_STATES);
      if (!job) return;
      try {
        // Never published (or published only in Starboard): nothing to remove at the source.
        if (job.published_at && job.source_code !== LOCAL_SOURCE) {
          const connector = connectorOf(job, ctx);
          if (!connector.deleteResponse) throw new PublishFailure(`${job.source_name} cannot delete responses.`);
          await connector.deleteResponse(sourceRef(job), job.source_review_id, job.source_response_id ?? undefined);
        }
      } catch (error) {
        await recordFailure(
          db,
          job,
          {
            states: DELETE_STATES,
            status: "error_unpublished",
            description: refusedForGood(error)
              ? refusedMessage("delete", job.source_name, error.kind)
              : RESPONSE_DELETE_ERROR,
            firstState: "pending_delete",
            action: "response_delete_failed",
          },
          error,
        );
        if (refusedForGood(error)) {
          ctx.log.warn({ response_id: job.id, err: message(error) }, "response delete refused by the source; no retry");
          return;
        }
        ctx.log.warn({ response_id: job.id, err: message(error) }, "response delete failed; will retry");
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("responses")
          .set({
            status: "deleted",
            status_description: null,
            deleted_at: new Date(),
            last_error: null,
            updated_at: new Date(),
          })
          .where("id", "=", job.id)
          .execute();
        await trx
          .updateTable("reviews")
          .set({ response_status: null, responded_at: null })
          .where("id", "=", job.review_id)
          .execute();
        await recordHistory(trx, {
          accountId: job.account_id,
          reviewId: job.review_id,
          userId: null,
          action: "response_deleted",
          details: { response_id: job.id },
        });
      });
    },
  });
}
