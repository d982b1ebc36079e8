import type { AppContext } from "#server/context";
import { pageViews } from "#server/db/schema";

/** A consented, anonymous page view: path (query and fragment dropped) and the kind of user. */
export async function recordPageView(ctx: AppContext, input: { path: string; role?: string | null }) {
  const path = input.path.split(/[?#]/)[0]?.slice(0, 512) || "/";
  const role = input.role && /^[a-z_]{1,40}$/.test(input.role) ? input.role : null;
  await ctx.db.insert(pageViews).values({ path, role });
}
