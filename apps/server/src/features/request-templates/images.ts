import fs from "node:fs/promises";
import path from "node:path";
import {
  HEADER_IMAGE_MESSAGES as M,
  HEADER_IMAGE_RULES as R,
  type TPushEvents,
  type TRtxImageEvent,
  type TRtxImageWebhook,
} from "@starboard/contract/request-templates";
import sharp, { type Metadata } from "sharp";
import { accountIdFor, authorize, isUuid, scoped } from "../../platform/access.ts";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { uploadedFilePath } from "../customers/index.ts";
import { presentRtxImage } from "./presenter.ts";
import {
  findRtxImage,
  findUpload,
  insertRtxImage,
  selectChannelEvents,
  setTemplateHeaderImage,
  updateRtxImage,
} from "./queries.ts";

export const RTX_IMAGE_JOB = "rtx-images.process";
const CHANNEL = /^rtx_images-([A-Za-z0-9_-]{1,100})$/;

/** Where processed header images are kept (served at `/header-images/{file}`). */
export function headerImageDir(ctx: AppContext) {
  return path.join(ctx.config.dataDir, "storage", "header-images");
}

/** `s3_path`: the upload's id, or a path ending in it (`uploads/{id}`). */
function uploadIdOf(s3Path: string | undefined): string | null {
  const last = s3Path?.split("/").filter(Boolean).pop();
  return last && isUuid(last) ? last : null;
}

/**
 * POST /api/webhooks/rtx-images (reviews.md §7): event process for an uploaded image; queues the job
 * (in the same transaction as the event row) and answers the event (action processing).
 */
export async function queueImage(ctx: AppContext, actor: Actor, input: TRtxImageWebhook): Promise<TRtxImageEvent> {
  const accountId = accountIdFor(actor, input.account_id);
  if (input.event !== undefined && input.event !== "process") throw AppError.invalid("event", "Only event process");
  const resourceId = input.resource_id?.trim() ?? "";
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(resourceId)) throw AppError.invalid("resource_id", "A resource id is required");
  const mime = input.mime_type?.toLowerCase();
  if (mime !== undefined && !(R.mimeTypes as readonly string[]).includes(mime))
    throw AppError.invalid("mime_type", M.type);
  const uploadId = uploadIdOf(input.s3_path);
  const upload = uploadId ? await findUpload(ctx.database.db, accountId, uploadId) : undefined;
  if (!upload) throw AppError.invalid("s3_path", "Unknown upload");
  authorize(actor, "create", "template");
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const created = await insertRtxImage(trx, {
      account_id: accountId,
      resource_id: resourceId,
      upload_id: upload.id,
      label: input.label ?? null,
      mime_type: mime ?? upload.mime_type,
      created_by_user_id: actor.user.id,
    });
    await ctx.jobs.send(RTX_IMAGE_JOB, { imageId: created.id }, { trx });
    return created;
  });
  return presentRtxImage(row);
}

/**
 * GET /api/push?channel=rtx_images-{resource}: the channel's events, newest first. With `wait`, a
 * long-poll: answers as soon as an event newer than `since` exists, or after `wait` seconds.
 */
export async function pushEvents(
  ctx: AppContext,
  actor: Actor,
  q: { account_id?: string; channel?: string; wait: number; since?: string },
): Promise<TPushEvents> {
  const accountId = accountIdFor(actor, q.account_id);
  const match = CHANNEL.exec(q.channel ?? "");
  if (!match) throw AppError.invalid("channel", "A channel rtx_images-{resource}");
  const since = q.since ? new Date(q.since) : null;
  if (since && Number.isNaN(since.getTime())) throw AppError.invalid("since", "An ISO time");
  const db = scoped(ctx.database.db, actor);
  const deadline = Date.now() + q.wait * 1000;
  for (;;) {
    const rows = await selectChannelEvents(db, accountId, match[1] as string, since);
    const pending = rows.length === 0 || (since === null && rows.every((r) => r.status === "processing"));
    if (!pending || Date.now() >= deadline) return { channel: q.channel as string, events: rows.map(presentRtxImage) };
    await new Promise((r) => setTimeout(r, 250));
  }
}

class ImageRuleError extends Error {}

/** The job: checks platform.md §8's rules, resizes, stores, and reports on the channel. */
export async function processImage(ctx: AppContext, imageId: string) {
  const db = ctx.database.db;
  const image = await findRtxImage(db, imageId);
  if (image?.status !== "processing") return;
  try {
    const stored = image.upload_id ? await uploadedFilePath(db, image.account_id, image.upload_id) : null;
    if (!stored) throw new ImageRuleError(M.process);
    const file = path.isAbsolute(stored) ? stored : path.join(ctx.config.dataDir, stored);
    const stat = await fs.stat(file);
    if (stat.size > R.maxBytes) throw new ImageRuleError(M.tooLarge);
    if (stat.size < R.minBytes) throw new ImageRuleError(M.tooFewBytes);
    const input = await fs.readFile(file);
    let meta: Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      throw new ImageRuleError(M.type);
    }
    if (meta.format !== "jpeg" && meta.format !== "png") throw new ImageRuleError(M.type);
    if ((meta.width ?? 0) < R.minWidth || (meta.height ?? 0) < R.minHeight) throw new ImageRuleError(M.tooSmallPixels);
    const pipeline = sharp(input).rotate().resize({ width: R.resizeWidth, withoutEnlargement: true });
    const out =
      meta.format === "png"
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    const fileName = `${image.id}.${meta.format === "png" ? "png" : "jpg"}`;
    await fs.mkdir(headerImageDir(ctx), { recursive: true });
    const tmp = path.join(headerImageDir(ctx), `${fileName}.tmp`);
    await fs.writeFile(tmp, out.data);
    await fs.rename(tmp, path.join(headerImageDir(ctx), fileName));
    const url = `${ctx.config.publicUrl}/header-images/${fileName}`;
    await db.transaction().execute(async (trx) => {
      await updateRtxImage(trx, image.id, {
        status: "processing_complete",
        file_name: fileName,
        url,
        width: out.info.width,
        height: out.info.height,
      });
      if (isUuid(image.resource_id)) await setTemplateHeaderImage(trx, image.account_id, image.resource_id, url);
    });
  } catch (err) {
    const message = err instanceof ImageRuleError ? err.message : M.process;
    if (!(err instanceof ImageRuleError)) ctx.log.warn({ err, imageId }, "header image processing failed");
    await updateRtxImage(db, image.id, { status: "error", message });
  }
}

const FILE = /^[0-9a-f-]{36}\.(png|jpg)$/;

/** The processed header images, public (e-mails show them), by their unguessable name. */
export async function readHeaderImage(ctx: AppContext, file: string): Promise<{ type: string; data: Buffer } | null> {
  if (!FILE.test(file)) return null;
  try {
    const data = await fs.readFile(path.join(headerImageDir(ctx), file));
    return { type: file.endsWith(".png") ? "image/png" : "image/jpeg", data };
  } catch {
    return null;
  }
}
