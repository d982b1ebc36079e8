import type { SessionUser } from "#server/accounts/contract";
import type { AppContext } from "./context";
import type { Logger } from "./platform/logger";

/** Hono's per-request variables, shared by every router. */
export type AppEnv = {
  Variables: {
    app: AppContext;
    requestId: string;
    logger: Logger;
    clientIp: string;
    /** The signed-in user, or null (set by the session middleware on /api and pages). */
    user: SessionUser | null;
    secureHeadersNonce?: string;
    /** Set by a page response the page cache may keep: the tags of its route's policy. */
    pageCacheTags?: readonly string[];
    /** And the time (epoch ms) after which it must not be served from the cache (CACHE_UNTIL_HEADER). */
    pageCacheUntil?: number;
    /** Set when render admission refused the request (load shedding, decision 0056): logged at info. */
    loadShed?: boolean;
    /** The pattern of the page that answered (server/platform/telemetry/route.ts), for metrics and traces. */
    route?: string;
    /** The body compression() gzipped, as it was: the page cache keeps it without a gunzip. */
    uncompressedBody?: Uint8Array;
  };
};
