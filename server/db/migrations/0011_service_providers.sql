CREATE TABLE "service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"business_address" text NOT NULL,
	"service_area" text NOT NULL,
	"years_experience" integer NOT NULL,
	"services_offered" text NOT NULL,
	"emergency_available" boolean DEFAULT false NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_providers_status_idx" ON "service_providers" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_open_email_category_idx" ON "service_providers" USING btree ("email","category_id") WHERE status <> 'rejected';