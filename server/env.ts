import type { AppContext } from "./context";
import type { Logger } from "./lib/logger";

/** Hono's per-request variables, shared by every router. */
export type AppEnv = {
  Variables: {
    app: AppContext;
    requestId: string;
    logger: Logger;
    clientIp: string;
    secureHeadersNonce?: string;
  };
};
