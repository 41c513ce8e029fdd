ALTER TABLE "files" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source_format" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source_filename" text;