import { createRouter } from "#server/platform/openapi";
import { createCuentaRoutes } from "./routes-account";
import { createAuthRoutes } from "./routes-auth";
import { createCompanyRoutes } from "./routes-company";
import { createProfileRoutes } from "./routes-profile";
import { createPublicAccountRoutes } from "./routes-public";

/** Every accounts call of product-spec §7 plus the user area, mounted at /api. */
export function createAccountsRoutes() {
  const router = createRouter();
  router.route("/", createAuthRoutes());
  router.route("/", createProfileRoutes());
  router.route("/", createCuentaRoutes());
  router.route("/", createCompanyRoutes());
  router.route("/", createPublicAccountRoutes());
  return router;
}
