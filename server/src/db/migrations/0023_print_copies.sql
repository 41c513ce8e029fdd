ALTER TABLE "files" ADD COLUMN "print_copy" smallint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "replaced_key" text;