ALTER TABLE "chat_user_state" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_user_state" ADD COLUMN "unread_emails" boolean DEFAULT true NOT NULL;