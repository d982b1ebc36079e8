import { z } from "zod";

/**
 * The one import of zod for code both sides share. In the browser zod's first object schema probes
 * `new Function("")` to decide whether to compile its parsers; the page's CSP has no 'unsafe-eval',
 * so the probe was reported as a CSP violation (Lighthouse's best practices) although zod caught
 * it. jitless skips the probe; the server keeps the compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
