import { authRoutes } from "@starboard/contract/routes/auth";
import { parseBasic } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { handle } from "../../platform/route.ts";
import * as auth from "./service.ts";

/** Sign-in, sessions, sign-up, passwords, confirmation, single sign-on and shadowing: validate → service. */
export function authHandlers(ctx: AppContext) {
  return [
    // A JSON body, or HTTP Basic email:password with no body.
    handle(authRoutes.signIn, ({ body, request }) =>
      auth.signInWith(ctx, body, parseBasic(request.headers.authorization), request.ip),
    ),
    handle(authRoutes.getSession, ({ actor }) => auth.getSession(ctx, actor)),
    handle(authRoutes.signOut, async ({ actor }) => {
      await auth.signOut(ctx, actor);
      return null;
    }),
    handle(authRoutes.signUp, ({ body }) => auth.signUp(ctx, body)),
    handle(authRoutes.requestPasswordReset, ({ body }) => auth.requestPasswordReset(ctx, body.email)),
    handle(authRoutes.checkResetToken, ({ query }) => auth.checkResetToken(ctx, query.reset_password_token)),
    handle(authRoutes.resetPassword, ({ body }) => auth.resetPassword(ctx, body.reset_password_token, body.password)),
    handle(authRoutes.confirmAccount, ({ body }) => auth.confirmAccount(ctx, body.confirmation_token)),
    handle(authRoutes.confirmAccountByPost, ({ body }) => auth.confirmAccount(ctx, body.confirmation_token)),
    handle(authRoutes.createSsoToken, ({ actor }) => auth.createSsoToken(ctx, actor)),
    handle(authRoutes.ssoSignIn, ({ body }) => auth.signInWithSso(ctx, body.token)),
    handle(authRoutes.shadowChild, ({ actor, body }) => auth.shadowChild(ctx, actor, body.child_account_id)),
  ];
}
