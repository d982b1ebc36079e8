import { operationsOverview } from "#server/admin";
import type { PageLoadContext } from "#server/context";

/** The operator's dashboard: what the service reads, for administrators (it checks the task). */
export function loadOperations(context: PageLoadContext) {
  return operationsOverview(context.app, context.user);
}
