CREATE TABLE "code_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "code_sends_target_sent_at_idx" ON "code_sends" USING btree ("target","sent_at");