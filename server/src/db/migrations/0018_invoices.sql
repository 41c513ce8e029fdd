CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"fy_start" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_kind_fy_start_pk" PRIMARY KEY("kind","fy_start")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_type" text NOT NULL,
	"serial" text NOT NULL,
	"fy_start" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"references_invoice_id" integer,
	"reason" text,
	"customer_name" text NOT NULL,
	"customer_gstin" text,
	"billing_name" text,
	"supplier" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"tax_kind" text NOT NULL,
	"gross_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_bill_details" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"customer_gstin" text NOT NULL,
	"billing_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bill_details" ADD CONSTRAINT "order_bill_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_serial_uq" ON "invoices" USING btree ("kind","fy_start","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_uq" ON "invoices" USING btree ("order_id") WHERE kind = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");