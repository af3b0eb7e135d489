import fastifyMultipart from "@fastify/multipart";
import { MAX_IMPORT_FILE_BYTES } from "@starboard/contract/ingestion";
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

/** A multipart upload as read off the request: the file, and the other fields as sent. */
export interface Upload {
  file: { content: Buffer; name: string; type: string } | undefined;
  fields: Record<string, string>;
}

const LIMITS = { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10 };

/**
 * Multipart parsing (@fastify/multipart), set up once by `buildApp` for the routes of the table that declare
 * `multipart: true` (their handlers call `readUpload`). Every other route answers a multipart body with 415.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: LIMITS });
  app.addHook("preValidation", async (request) => {
    if (request.isMultipart() && !request.is404 && !request.routeOptions.config.route?.multipart) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    }
  });
}

/** Reads a multipart upload: at most one file (20 MB), and the text fields. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { file: undefined, fields: {} };
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (part.file.truncated) throw AppError.invalid("file", "The file is larger than 20 MB.");
        upload.file = { content, name: part.filename, type: part.mimetype };
      } else if (typeof part.value === "string") {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A broken multipart body (cut short, no boundary, bad part header) is the client's error.
    throw AppError.invalid("file", "The upload could not be read as multipart/form-data.");
  }
  return upload;
}
