CREATE TABLE "server_instances" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"version" varchar(40) NOT NULL,
	"hostname" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"report" jsonb NOT NULL
);
