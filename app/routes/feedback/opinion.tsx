import type { Route } from "./+types/opinion";
import { feedbackAction } from "./opinion.server";

/** The feedback dialog's POST (a resource route: no page of its own). */
export async function action({ context, request }: Route.ActionArgs) {
  return feedbackAction(context, request);
}
