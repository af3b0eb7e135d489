import {
  ZAccountListQuerySchema,
  ZAccountSettingUpdateSchema,
  ZAccountUpdateSchema,
  ZWhitelabelQuerySchema,
} from "@starboard/contract/accounts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { registerResource } from "../../platform/resource.ts";
import { presentAccountExperiment, presentAccountSetting } from "./presenter.ts";
import * as accounts from "./service.ts";

const tags = ["accounts"];
const ZIdParams = z.object({ id: z.string().max(100) });
const ZAccountQuery = z.object({ account_id: z.string().max(100).optional(), nonce: z.string().optional() });

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/accounts", { schema: { tags, querystring: ZAccountListQuerySchema } }, async (request) =>
    accounts.listAccounts(ctx, actorOf(request), request.query, request.url),
  );
  r.get(
    "/api/accounts/:id",
    { schema: { tags, params: ZIdParams }, config: { idResource: "accounts" } },
    async (request) => accounts.getAccount(ctx, actorOf(request), request.params.id),
  );
  r.patch(
    "/api/accounts/:id",
    { schema: { tags, params: ZIdParams, body: ZAccountUpdateSchema }, config: { idResource: "accounts" } },
    async (request) => accounts.patchAccount(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    "/api/accounts/:id/setup_progress",
    { schema: { tags, params: ZIdParams }, config: { idResource: "accounts" } },
    async (request) => accounts.getSetupProgress(ctx, actorOf(request), request.params.id),
  );

  // Settings: everyone in the account reads them (the session carries them anyway); admins change them.
  registerResource(app, ctx.database, {
    name: "account_settings",
    table: "account_settings",
    permission: "account_setting",
    readPermission: "account",
    scope: "account",
    searchColumn: "code",
    sortable: ["code"],
    defaultSort: { by: "code", order: "asc" },
    updateSchema: ZAccountSettingUpdateSchema,
    beforeWrite: (values) => (values.value === undefined ? values : { ...values, value: String(values.value) }),
    present: (rows) => rows.map(presentAccountSetting),
  });

  registerResource(app, ctx.database, {
    name: "account_experiments",
    table: "account_experiments",
    permission: "account",
    scope: "account",
    searchColumn: "name",
    sortable: ["name", "created_at"],
    defaultSort: { by: "name", order: "asc" },
    present: (rows) => rows.map(presentAccountExperiment),
  });

  r.get("/api/mywhitelabel", { schema: { tags, querystring: ZAccountQuery } }, async (request) =>
    accounts.myWhitelabel(ctx, actorOf(request), request.query.account_id),
  );
  // Signed out: a custom domain's sign-in page needs its colours and logo before anyone signs in.
  r.get(
    "/api/whitelabels",
    { config: { auth: false }, schema: { tags, querystring: ZWhitelabelQuerySchema } },
    async (request) => accounts.whitelabelsByDomain(ctx, request.query.custom_domain, request.url),
  );
}
