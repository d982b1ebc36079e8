import { createRouter } from "#server/platform/openapi";
import { createChatAttachmentRoutes } from "./routes-attachments";
import { createChatConversationRoutes } from "./routes-conversations";
import { createChatMessageRoutes } from "./routes-messages";
import { createChatModerationRoutes } from "./routes-moderation";
import { createLinkPreviewRoutes } from "./routes-preview";
import { createChatSafetyRoutes } from "./routes-safety";

/**
 * /api/chat: conversations, history, sending, marks, safety; /api/admin/chat: the moderation queue.
 * One file per resource (routes-*.ts); this one mounts them.
 */
export function createChatRoutes() {
  const router = createRouter();
  router.route("/", createChatConversationRoutes());
  router.route("/", createChatMessageRoutes());
  router.route("/", createChatAttachmentRoutes());
  router.route("/", createChatSafetyRoutes());
  router.route("/", createChatModerationRoutes());
  router.route("/", createLinkPreviewRoutes());
  return router;
}
