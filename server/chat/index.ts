// The chat area's entry: other areas and app/**/*.server.ts import from here only.

export { CHAT_FILES_FOLDER, chatKeysInUse } from "./attachments.service";
export {
  acceptRequest,
  conversationIdsWith,
  declineRequest,
  findChatPerson,
  findConversationWith,
  setMuted,
  startConversation,
} from "./conversations.service";
export { unreadTotal } from "./events";
export { listReports as listChatReports, resolveReport as resolveChatReport } from "./moderation.service";
export { chatPage } from "./page.service";
export { chatPrivacy } from "./privacy";
export { registerChatRealtime } from "./realtime";
export { createChatRoutes } from "./routes";
export { blockUser, reportConversation, unblockUser, updateChatSettings } from "./safety.service";
export { startChatScheduler, stopChatScheduler } from "./scheduler";
export { seedChatDemo } from "./seed";
export { unsubscribeUnreadEmails } from "./unread-email";
