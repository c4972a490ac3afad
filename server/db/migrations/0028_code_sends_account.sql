-- The account a code was sent for: a newcomer's first code to a number is not refused by
-- what other accounts spent of its budget (issue 34).
ALTER TABLE "code_sends" ADD COLUMN "user_id" uuid;