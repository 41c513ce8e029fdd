CREATE TABLE "print_speeds" (
	"role" text PRIMARY KEY NOT NULL,
	"pages_per_minute" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
