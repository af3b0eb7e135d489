import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { registerFeatures } from "./features/index.ts";
import { registerAuthentication } from "./platform/auth.ts";
import { registerApiDocs } from "./platform/docs.ts";
import { registerHttpConventions, serverFactory } from "./platform/http.ts";
import { Jobs } from "./platform/jobs.ts";
import { Mailer } from "./platform/mail.ts";
import { trackRoutes } from "./platform/routes.ts";

/** What every feature gets: the database, the job queue, the mailer, the config. */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  log: Logger;
}

/**
 * Builds the app and its context (features register routes and jobs here); it does not listen.
 * The CLI tools build it too, to get the same job handlers; they log to stderr (`logStream`).
 */
export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    serverFactory,
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: "x-request-id",
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: "array" } },
  });
  trackRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });

  const log = app.log as unknown as Logger;
  const jobs = new Jobs(database, log);
  const mailer = new Mailer(database, { smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, "outbox") });
  const ctx: AppContext = { config, database, jobs, mailer, log };
  jobs.define<{ idempotencyKey: string; to: string; subject: string; text: string; html?: string }>({
    name: "email.send",
    handler: async (data) => {
      await mailer.deliver(data);
    },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Starboard API",
        version: "2",
        description:
          "Starboard's API. Authenticate with POST /api/auth, then send `Authorization: Basic base64(email:token)`. " +
          "Lists are HAL pages; errors are `{status, error, errors}`. See docs/api.md for conventions and decisions.",
      },
      components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
      security: [{ basic: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const indexFile = path.join(config.webDist, "index.html");
  const spaHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, "utf8") : undefined;
  registerHttpConventions(app, { spaHtml });
  registerAuthentication(app, database);
  await registerFeatures(app, ctx);

  app.get("/api/openapi.json", { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
  await registerApiDocs(app);

  if (spaHtml) await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  return { app, ctx };
}
