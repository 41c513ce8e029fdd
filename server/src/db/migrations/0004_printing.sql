CREATE TABLE "print_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text,
	"token_hint" text,
	"is_local" boolean DEFAULT false NOT NULL,
	"version" text,
	"last_seen_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "print_agents_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"file_id" uuid,
	"printer_id" integer,
	"settings" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"pass" integer DEFAULT 1 NOT NULL,
	"error" text,
	"problem" text,
	"cups_job_id" integer,
	"sent_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"requested_by_kind" text NOT NULL,
	"requested_by_id" integer,
	"requested_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"queue_name" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"make_and_model" text DEFAULT '' NOT NULL,
	"role" text,
	"capabilities" jsonb NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"state_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_message" text DEFAULT '' NOT NULL,
	"is_accepting" boolean DEFAULT true NOT NULL,
	"is_present" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_agents" ADD CONSTRAINT "print_agents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_agent_id_print_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."print_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "print_jobs_waiting_idx" ON "print_jobs" USING btree ("printer_id","id") WHERE "print_jobs"."state" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "print_jobs_at_printer_idx" ON "print_jobs" USING btree ("printer_id") WHERE "print_jobs"."state" in ('submitted', 'printing');--> statement-breakpoint
CREATE UNIQUE INDEX "printers_agent_queue_key" ON "printers" USING btree ("agent_id","queue_name");--> statement-breakpoint
CREATE INDEX "printers_role_idx" ON "printers" USING btree ("role");