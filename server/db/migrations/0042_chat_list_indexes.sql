DROP INDEX "chat_participants_user_recent_idx";--> statement-breakpoint
CREATE INDEX "chat_conversations_requests_idx" ON "chat_conversations" USING btree ("id") WHERE "chat_conversations"."status" = 'request';--> statement-breakpoint
CREATE INDEX "chat_participants_user_list_idx" ON "chat_participants" USING btree ("user_id","last_message_at" DESC NULLS LAST,"conversation_id" DESC NULLS FIRST);