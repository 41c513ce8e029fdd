CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"file_id" uuid,
	"file_path" text NOT NULL,
	"original_filename" text NOT NULL,
	"printing_type" text NOT NULL,
	"paper_type" text NOT NULL,
	"paper_size" text NOT NULL,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"sides" text DEFAULT 'single' NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"page_count" integer NOT NULL,
	"page_range" text DEFAULT '' NOT NULL,
	"printed_pages" integer NOT NULL,
	"lamination" boolean DEFAULT false NOT NULL,
	"spiral_binding" boolean DEFAULT false NOT NULL,
	"paper_binding" boolean DEFAULT false NOT NULL,
	"transparent_sheet" boolean DEFAULT false NOT NULL,
	"printing_cost" integer NOT NULL,
	"binding_cost" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_order_position_idx" ON "order_documents" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_documents_file_idx" ON "order_documents" USING btree ("file_id");--> statement-breakpoint
-- Every order made before documents existed becomes an order of one document: its file and options, all pages.
INSERT INTO "order_documents" ("order_id", "position", "service_id", "service_name", "file_id", "file_path", "original_filename", "printing_type", "paper_type", "paper_size", "orientation", "sides", "copies", "page_count", "page_range", "printed_pages", "lamination", "spiral_binding", "paper_binding", "transparent_sheet", "printing_cost", "binding_cost")
SELECT "id", 1, "service_id", "service_name", "file_id", "file_path", "original_filename", "printing_type", "paper_type", "paper_size", "orientation", "sides", "copies", "page_count", '', "page_count", "lamination", "spiral_binding", "paper_binding", "transparent_sheet", "printing_cost", "binding_cost"
FROM "orders";
