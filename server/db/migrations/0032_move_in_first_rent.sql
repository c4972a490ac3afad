-- What moving in costs includes the first rent payment when no advance is asked, and every part
-- is whole cedis or dollars (issue 34, decision 026): the copy of common/move-in.ts moveInCost
-- that maxMoveIn compares (move-in-sql.test.ts keeps them equal). Same signature, so the
-- trigger set_listing_costs (migration 0023) calls it unchanged.
CREATE OR REPLACE FUNCTION listing_move_in_total(price numeric, period text, advance_months integer,
  deposit numeric, fee_kind text, fee_value numeric, fee_payer text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  times numeric := CASE period WHEN 'week' THEN 52 ELSE 1 END;
  per numeric := CASE period WHEN 'month' THEN 1 ELSE 12 END;
  rent numeric := round(price * 100);
  value numeric := round(fee_value * 100);
  advance numeric := round(rent * times * advance_months / per);
  -- No advance: a week of a weekly rent, a month of a monthly or yearly one.
  first_rent numeric := CASE WHEN advance_months > 0 THEN 0
                             WHEN period = 'year' THEN round(rent / 12) ELSE rent END;
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
  -- Each part in whole units, halves up, and the total their sum: what renters are shown.
  RETURN round(advance / 100) + round(first_rent / 100) + round(round(deposit * 100) / 100)
    + round(fee / 100);
END
$$;
--> statement-breakpoint
-- Every listing's move_in_ghs again (the trigger computes it; the change log tells the indexes).
UPDATE "properties" SET "move_in_ghs" = 0;
