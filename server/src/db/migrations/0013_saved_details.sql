CREATE TABLE "saved_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"door_number" text NOT NULL,
	"address" text NOT NULL,
	"landmark" text,
	"pincode" text NOT NULL,
	"mobile_number" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_number" text;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_addresses_user_idx" ON "saved_addresses" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_same_idx" ON "saved_addresses" USING btree ("user_id","door_number","address","pincode");