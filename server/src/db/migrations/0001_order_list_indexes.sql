-- Trigram indexes for the back office's "contains" search (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_type_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("delivery_type","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_new_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('unvisited', 'visited');--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_name_trgm_idx" ON "orders" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_filename_trgm_idx" ON "orders" USING gin ("original_filename" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_mobile_trgm_idx" ON "orders" USING gin ("mobile_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_type_status_created_idx" ON "orders" USING btree ("delivery_type","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");