import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: the socket's, or with TRUST_PROXY the right-most X-Forwarded-For entry
 * (the one our own proxy appended; entries to its left are whatever the client claimed).
 */
export function resolveClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return stripIpv4Mapping(last);
  }
  try {
    return stripIpv4Mapping(getConnInfo(c).remote.address ?? "");
  } catch {
    return ""; // in-process requests (tests through app.request) have no socket
  }
}

/** "::ffff:1.2.3.4" (an IPv4 address on an IPv6 socket) is 1.2.3.4. */
export function stripIpv4Mapping(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
