// The unread e-mail's one-click unsubscribe (server only): the token is the proof, no session needed.
export { unsubscribeUnreadEmails } from "#server/chat";
