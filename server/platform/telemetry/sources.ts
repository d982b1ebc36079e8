import type { PoolStats } from "#server/db/client";
import type { LoopStatus } from "#server/platform/background-loop";
import type { OutboxHealth } from "#server/platform/mail/outbox";
import type { PageCacheStats } from "#server/platform/page-cache/page-cache";

/**
 * What this instance knows about itself, read on demand: the metrics (./metrics.ts), the
 * heartbeat the operator's dashboard reads (./heartbeat.ts) and nothing else. Wired in boot.ts.
 */
export type InstanceSources = {
  pageCache(): PageCacheStats;
  pool(): PoolStats | undefined;
  listenState(): "connected" | "reconnecting" | "idle";
  outbox(): Promise<OutboxHealth>;
  websockets(): { connections: number; received: number; sent: number };
  loops(): LoopStatus[];
};
