import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { registerAuthentication } from "./platform/auth.ts";
import type { AppContext } from "./platform/context.ts";
import { registerApiDocs } from "./platform/docs.ts";
import type { Feature } from "./platform/feature.ts";
import { registerHttpConventions, serverFactory } from "./platform/http.ts";
import { Jobs } from "./platform/jobs.ts";
import { defineMailJob, Mailer } from "./platform/mail.ts";
import { registerRouteHandler } from "./platform/route.ts";
import { trackRoutes } from "./platform/routes.ts";
import { registerSecurityHeaders } from "./platform/security.ts";
import { responseSerializer } from "./platform/serializer.ts";
import { registerMultipart } from "./platform/upload.ts";

export const OPENAPI_INFO = {
  title: "Starboard API",
  version: "2",
  description:
    "Starboard's API. Authenticate with POST /api/auth, then send `Authorization: Basic base64(email:token)`. " +
    "Lists are HAL pages; errors are `{status, error, errors}`. See docs/api.md for conventions and decisions.",
};

/** Answers that do not match their response schema fail the request outside production (see platform/serializer.ts). */
export function strictResponses(config: Config) {
  return config.environment === "test" || config.environment === "development";
}

/**
 * The composition root's core: builds the app from the features it is given (`src/compose.ts` lists
 * them; `main.ts`, the CLI tools and the test harness pass that list). It does not listen. The CLI
 * tools build it too, to get the same job handlers; they log to stderr (`logStream`).
 */
export async function buildApp(
  config: Config,
  database: Database,
  features: Feature[],
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
  const log = app.log as unknown as Logger;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict: strictResponses(config), log }));
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });

  const jobs = new Jobs(database, log);
  const mailer = new Mailer(database, { smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, "outbox") });
  const ctx: AppContext = { config, database, jobs, mailer, log };
  defineMailJob(ctx.jobs, mailer);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: OPENAPI_INFO,
      components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
      security: [{ basic: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerSecurityHeaders(app, config);

  const indexFile = path.join(config.webDist, "index.html");
  const spaHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, "utf8") : undefined;
  registerHttpConventions(app, { spaHtml, publicUrl: config.publicUrl });
  registerAuthentication(app, database);
  await registerMultipart(app);
  for (const feature of features) {
    for (const handler of feature.routes?.(ctx) ?? []) registerRouteHandler(app, handler);
    await feature.jobs?.(ctx);
    await feature.pages?.(app, ctx);
  }

  app.get("/api/openapi.json", { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
  await registerApiDocs(app);

  if (spaHtml) {
    // Hashed build files never change: cached for a year. Everything else revalidates. The build
    // writes .br and .gz copies beside each file (apps/web/scripts/precompress.mjs); they are sent
    // as they are, to browsers that accept them.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(config.webDist, "assets") + path.sep);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return { app, ctx };
}
