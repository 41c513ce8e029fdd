ALTER TABLE "refunds" ADD COLUMN "handed_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "handed_back_method" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "handed_back_by" text;--> statement-breakpoint
CREATE INDEX "refunds_handed_back_idx" ON "refunds" USING btree ("handed_back_at") WHERE "refunds"."handed_back_at" is not null;