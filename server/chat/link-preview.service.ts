import { z } from "zod";
import type { AppContext } from "#server/context";
import { AppError, validationError } from "#server/platform/errors";
import { createLinkPreviewer, FetchRefused, type LinkPreview } from "#server/platform/link-preview";
import { enforceRateLimit } from "#server/platform/rate-limit";
import type { ChatActor } from "./policy";

const previewers = new WeakMap<AppContext, ReturnType<typeof createLinkPreviewer>>();

function previewerFor(ctx: AppContext) {
  let previewer = previewers.get(ctx);
  if (!previewer) {
    previewer = createLinkPreviewer({
      allow: ctx.config.linkPreviewTestAllow,
      userAgent: `${ctx.config.brandName}LinkPreview/1.0 (+${ctx.config.appUrl})`,
    });
    previewers.set(ctx, previewer);
  }
  return previewer;
}

export const linkPreviewQuerySchema = z.object({
  url: z.string({ error: "Indica la dirección." }).trim().min(1, "Indica la dirección.").max(2000, "La dirección es demasiado larga."),
});

/** The social-preview metadata of a page address (product-spec §1 Helpers), for signed-in users. */
export async function previewLink(ctx: AppContext, actor: ChatActor, url: string): Promise<LinkPreview> {
  await enforceRateLimit(ctx.db, "linkPreview", String(actor.id));
  try {
    return await previewerFor(ctx)(url);
  } catch (error) {
    if (error instanceof FetchRefused) throw validationError({ url: [error.message] }, error.message);
    throw new AppError("VALIDATION", "No pudimos leer esa página.");
  }
}
