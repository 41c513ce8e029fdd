CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tat_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_file_idx" ON "orders" USING btree ("file_id");