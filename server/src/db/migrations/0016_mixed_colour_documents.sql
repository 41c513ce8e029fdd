ALTER TABLE "order_documents" ADD COLUMN "colour_mode" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "colour_pages" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "bw_service_id" integer;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_bw_service_id_services_id_fk" FOREIGN KEY ("bw_service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;