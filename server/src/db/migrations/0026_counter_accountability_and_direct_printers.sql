CREATE TABLE "staff_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"order_id" integer,
	"order_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "counter_request_hash" text;--> statement-breakpoint
ALTER TABLE "print_agents" ADD COLUMN "prints_direct" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "uri" text;--> statement-breakpoint
ALTER TABLE "staff_sends" ADD CONSTRAINT "staff_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sends_created_idx" ON "staff_sends" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_sends_recipient_idx" ON "staff_sends" USING btree ("recipient","created_at");