ALTER TABLE "order_documents" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "file_deleted_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "files_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("size_bytes","id");--> statement-breakpoint
CREATE INDEX "files_name_idx" ON "files" USING btree ("original_filename","id");--> statement-breakpoint
CREATE INDEX "order_documents_sensitive_kept_idx" ON "order_documents" USING btree ("order_id") WHERE "order_documents"."sensitive" and "order_documents"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_files_due_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."completed_at" is not null and "orders"."files_deleted_at" is null;--> statement-breakpoint
-- Orders already ready: the retention clock starts when they last became ready (their status history), else their last change.
UPDATE "orders" o SET "completed_at" = coalesce(
  (SELECT max(e."created_at") FROM "order_status_events" e
    WHERE e."order_id" = o."id" AND e."to_status" IN ('completed', 'delivered', 'collected')
      AND (e."from_status" IS NULL OR e."from_status" NOT IN ('completed', 'delivered', 'collected'))),
  o."updated_at")
WHERE o."status" IN ('completed', 'delivered', 'collected');
