-- One order model (issue 20, docs/decisions/036-order-model.md): the order row becomes the header and everything
-- about what is printed lives on its documents. Nothing paid, billed or recorded changes: totals, payments,
-- invoices, refunds and status history are not touched; the first document's copy on the order row goes.
ALTER TABLE "order_documents" ADD COLUMN "converted_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "document_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Any order still without a document row becomes an order of one document, from its own columns (as 0012 did).
INSERT INTO "order_documents" ("order_id", "position", "service_id", "service_name", "file_id", "file_path", "original_filename", "printing_type", "paper_type", "paper_size", "orientation", "sides", "copies", "page_count", "page_range", "printed_pages", "lamination", "spiral_binding", "paper_binding", "transparent_sheet", "printing_cost", "binding_cost")
SELECT o."id", 1, o."service_id", o."service_name", o."file_id", o."file_path", o."original_filename", o."printing_type", o."paper_type", o."paper_size", o."orientation", o."sides", o."copies", o."page_count", '', o."page_count", o."lamination", o."spiral_binding", o."paper_binding", o."transparent_sheet", o."printing_cost", o."binding_cost"
FROM "orders" o
WHERE NOT EXISTS (SELECT 1 FROM "order_documents" d WHERE d."order_id" = o."id");--> statement-breakpoint
-- The one document of an order is charged what the order was charged (they agree; this keeps it so if one did not).
UPDATE "order_documents" d SET "printing_cost" = o."printing_cost", "binding_cost" = o."binding_cost"
FROM "orders" o
WHERE d."order_id" = o."id"
  AND (d."printing_cost", d."binding_cost") IS DISTINCT FROM (o."printing_cost", o."binding_cost")
  AND (SELECT count(*) FROM "order_documents" x WHERE x."order_id" = o."id") = 1;--> statement-breakpoint
-- A photo or an office file keeps the name the customer picked (photo.jpg, not photo.pdf), while its file is kept.
UPDATE "order_documents" d SET "original_filename" = f."source_filename", "converted_from" = f."source_format"
FROM "files" f
WHERE f."id" = d."file_id" AND f."source_format" IS NOT NULL AND coalesce(f."source_filename", '') <> '';--> statement-breakpoint
-- The lists' search by name reads every document's name, from one column.
UPDATE "orders" o SET "document_names" = n."names"
FROM (SELECT "order_id", string_agg("original_filename", E'\n' ORDER BY "position") AS "names" FROM "order_documents" GROUP BY "order_id") n
WHERE n."order_id" = o."id";--> statement-breakpoint
CREATE INDEX "orders_document_names_trgm_idx" ON "orders" USING gin ("document_names" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_file_id_files_id_fk";--> statement-breakpoint
DROP INDEX "orders_file_idx";--> statement-breakpoint
DROP INDEX "orders_filename_trgm_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "service_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "service_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "file_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "printing_type";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paper_type";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paper_size";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "orientation";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sides";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "copies";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "page_count";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "file_path";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "original_filename";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "lamination";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "spiral_binding";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paper_binding";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "transparent_sheet";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "printing_cost";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "binding_cost";
