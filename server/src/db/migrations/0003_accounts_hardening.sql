CREATE TABLE "auth_devices" (
	"token_hash" text NOT NULL,
	"account_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_devices_token_hash_account_key_pk" PRIMARY KEY("token_hash","account_key")
);
--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_strong" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_devices_account_idx" ON "auth_devices" USING btree ("account_key","last_used_at");