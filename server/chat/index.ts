// The chat area's entry: other areas and app/**/*.server.ts import from here only.

export {
  acceptRequest,
  declineRequest,
  findChatPerson,
  findConversationWith,
  getConversation,
  listConversations,
  setMuted,
  startConversation,
} from "./conversations.service";
export { lastSeqOf, listEventsSince, unreadTotal } from "./events";
export { deleteMessage, listMessages, markDelivered, markRead, sendMessage } from "./messages.service";
export { listReports, resolveReport } from "./moderation.service";
export { registerChatRealtime } from "./realtime";
export { createChatRoutes } from "./routes";
export { blockUser, getChatSettings, reportConversation, unblockUser, updateChatSettings } from "./safety.service";
export { seedChatDemo } from "./seed";
export type { ChatConversationView, ChatMessageView, ChatPersonView } from "./views";
