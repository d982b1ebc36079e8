// The chat area's entry: other areas and app/**/*.server.ts import from here only.

export { CHAT_FILES_FOLDER, chatKeysInUse } from "./attachments.service";
export {
  acceptRequest,
  conversationIdsWith,
  declineRequest,
  findChatPerson,
  findConversationWith,
  getConversation,
  listConversations,
  setMuted,
  startConversation,
} from "./conversations.service";
export { lastSeqOf, unreadTotal } from "./events";
export { listMessages } from "./messages.service";
export { listReports as listChatReports, resolveReport as resolveChatReport } from "./moderation.service";
export { chatPage } from "./page.service";
export { chatPrivacy } from "./privacy";
export { registerChatRealtime } from "./realtime";
export { createChatRoutes } from "./routes";
export { blockUser, getChatSettings, reportConversation, unblockUser, updateChatSettings } from "./safety.service";
export { startChatScheduler, stopChatScheduler } from "./scheduler";
export { seedChatDemo } from "./seed";
export { unsubscribeUnreadEmails } from "./unread-email";
