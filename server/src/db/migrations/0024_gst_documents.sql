CREATE TABLE "gst_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"signatory_name" text,
	"signature_image_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_signature_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_bill_details" ALTER COLUMN "customer_gstin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_te" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_te" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sac" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "place_of_supply" text DEFAULT '37' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "order_bill_details" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "order_bill_details" ADD COLUMN "state_code" text;--> statement-breakpoint
-- Documents issued to a GSTIN before the place of supply was recorded: their place of supply is the GSTIN's state.
UPDATE "invoices" SET "place_of_supply" = substr("customer_gstin", 1, 2) WHERE "customer_gstin" IS NOT NULL;
