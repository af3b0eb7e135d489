import {
  ZConfirmSchema,
  ZPasswordResetRequestSchema,
  ZPasswordUpdateSchema,
  ZShadowTokenRequestSchema,
  ZSignInRequestSchema,
  ZSignupRequestSchema,
} from "@starboard/contract/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, parseBasic } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import * as auth from "./service.ts";

const tags = ["auth"];

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // JSON body, or HTTP Basic email:password with no body, as established review APIs do.
  r.post(
    "/api/auth",
    { config: { auth: false }, schema: { tags, body: ZSignInRequestSchema.nullish() } },
    async (request, reply) => {
      let credentials = request.body;
      if (!credentials) {
        const basic = parseBasic(request.headers.authorization);
        if (!basic) throw AppError.invalid("email", "Email is required");
        credentials = ZSignInRequestSchema.parse({ email: basic.user, password: basic.password });
      }
      const session = await auth.signIn(ctx, credentials.email, credentials.password, request.ip);
      if (credentials.confirmation_token)
        await auth.confirmAccount(ctx, credentials.confirmation_token).catch(() => {});
      return reply.status(201).send(session);
    },
  );
  r.get("/api/auth", { config: { allowInactive: true }, schema: { tags } }, async (request) =>
    auth.presentSession(ctx, actorOf(request)),
  );
  r.delete("/api/auth", { config: { allowInactive: true }, schema: { tags } }, async (request, reply) => {
    await auth.signOut(ctx, actorOf(request));
    return reply.status(204).send();
  });

  r.post(
    "/api/signup/user",
    { config: { auth: false }, schema: { tags, body: ZSignupRequestSchema } },
    async (request, reply) => reply.status(201).send(await auth.signUp(ctx, request.body)),
  );

  r.post(
    "/api/passwords",
    { config: { auth: false }, schema: { tags, body: ZPasswordResetRequestSchema } },
    async (request, reply) => {
      await auth.requestPasswordReset(ctx, request.body.email);
      return reply
        .status(202)
        .send({ message: "If an account exists for that e-mail, a password reset link is on its way." });
    },
  );
  r.get(
    "/api/passwords",
    {
      config: { auth: false },
      schema: { tags, querystring: z.object({ reset_password_token: z.string().min(1).max(200) }) },
    },
    async (request) => {
      await auth.checkResetToken(ctx, request.query.reset_password_token);
      return { valid: true };
    },
  );
  r.patch(
    "/api/passwords",
    { config: { auth: false }, schema: { tags, body: ZPasswordUpdateSchema } },
    async (request) => {
      await auth.resetPassword(ctx, request.body.reset_password_token, request.body.password);
      return { message: "Your password has been changed." };
    },
  );

  const confirm = async (request: { body: z.infer<typeof ZConfirmSchema> }) => {
    await auth.confirmAccount(ctx, request.body.confirmation_token);
    return { message: "Your account is confirmed." };
  };
  r.patch("/api/confirm", { config: { auth: false }, schema: { tags, body: ZConfirmSchema } }, confirm);
  r.post("/api/confirm", { config: { auth: false }, schema: { tags, body: ZConfirmSchema } }, confirm);

  r.post("/api/sso_tokens", { schema: { tags } }, async (request, reply) =>
    reply.status(201).send(await auth.createSsoToken(ctx, actorOf(request))),
  );
  r.post(
    "/api/auth/sso",
    {
      config: { auth: false },
      schema: { tags, body: z.object({ token: z.string().min(1, "Token is required").max(200) }) },
    },
    async (request, reply) => reply.status(201).send(await auth.signInWithSso(ctx, request.body.token)),
  );

  r.post("/api/shadow_user/tokens", { schema: { tags, body: ZShadowTokenRequestSchema } }, async (request, reply) =>
    reply.status(201).send(await auth.shadowChild(ctx, actorOf(request), request.body.child_account_id)),
  );
}
