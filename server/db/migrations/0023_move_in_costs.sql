CREATE TABLE "exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ghs_per_usd" numeric(10, 4) NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" uuid
);
--> statement-breakpoint
DROP INDEX "properties_live_price_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "monthly_price_ghs" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "advance_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_fee_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_fee_value" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_fee_payer" text DEFAULT 'tenant' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "min_lease_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "furnished" text DEFAULT 'unfurnished' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "utilities_included" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "move_in_ghs" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_set_at_idx" ON "exchange_rates" USING btree ("set_at");--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "monthly_price_usd";--> statement-breakpoint
-- The rate in use: the newest an administrator set (issue 20); 15 until one is.
INSERT INTO "exchange_rates" ("ghs_per_usd") VALUES (15);
--> statement-breakpoint
CREATE FUNCTION current_ghs_per_usd() RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT ghs_per_usd FROM exchange_rates ORDER BY set_at DESC, id DESC LIMIT 1), 15)
$$;
--> statement-breakpoint
-- The database's copy of common/move-in.ts moveInCost(...).total, for the maxMoveIn filter:
-- whole cents, each part rounded once, halves up (move-in-sql.test.ts keeps the two equal).
CREATE FUNCTION listing_move_in_total(price numeric, period text, advance_months integer,
  deposit numeric, fee_kind text, fee_value numeric, fee_payer text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  times numeric := CASE period WHEN 'week' THEN 52 ELSE 1 END;
  per numeric := CASE period WHEN 'month' THEN 1 ELSE 12 END;
  rent numeric := round(price * 100);
  value numeric := round(fee_value * 100);
  advance numeric := round(rent * times * advance_months / per);
  fee numeric := 0;
BEGIN
  IF fee_payer <> 'landlord' THEN
    fee := CASE fee_kind
      WHEN 'fixed' THEN value
      WHEN 'months' THEN round(rent * times * value / (per * 100))
      WHEN 'percent' THEN CASE WHEN advance > 0 THEN round(advance * value / 10000)
                               ELSE round(rent * times * value / (per * 10000)) END
      ELSE 0 END;
    IF fee_payer = 'shared' THEN fee := round(fee / 2); END IF;
  END IF;
  RETURN round((advance + round(deposit * 100) + fee) / 100, 2);
END
$$;
--> statement-breakpoint
-- The rent per month and the move-in total in cedis, dollars at the rate in use: what price
-- filters, the price sorts and maxMoveIn compare. A rate change writes every dollar listing
-- again (features/exchange-rate), which runs this and logs the change for the search index.
CREATE FUNCTION set_listing_costs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rate numeric := CASE NEW.currency WHEN '$' THEN current_ghs_per_usd() ELSE 1 END;
BEGIN
  NEW.monthly_price_ghs := NEW.price
    * (CASE NEW.pricing_period WHEN 'week' THEN 52 ELSE 1 END)
    / (CASE NEW.pricing_period WHEN 'month' THEN 1 ELSE 12 END) * rate;
  NEW.move_in_ghs := listing_move_in_total(NEW.price, NEW.pricing_period, NEW.advance_months,
    NEW.deposit_amount, NEW.agent_fee_kind, NEW.agent_fee_value, NEW.agent_fee_payer) * rate;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_set_costs BEFORE INSERT OR UPDATE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION set_listing_costs();
--> statement-breakpoint
-- Approvals so far approved no advance, deposit or fee (the columns' defaults): a term added
-- now is a change an administrator reviews (common/listing-changes.ts).
UPDATE "properties" SET "price" = "price", "approved_snapshot" = CASE
  WHEN "approved_snapshot" IS NULL THEN NULL
  ELSE "approved_snapshot" || jsonb_build_object('advanceMonths', 0, 'depositAmount', 0,
    'agentFeeKind', 'none', 'agentFeeValue', 0, 'agentFeePayer', 'tenant') END;
--> statement-breakpoint
CREATE INDEX "properties_live_price_idx" ON "properties" USING btree ("monthly_price_ghs","id") WHERE "properties"."is_verified" AND "properties"."is_active";
