-- The plan catalogue of SPEC section 9: seven plans, Pro 1 the default and most popular, and their 14
-- prices (ids 1 to 14: two per plan, USD then EGP, in minor units). An operator changes prices or adds
-- plans with SQL; the screens read these rows. Kept out of the previous migration: a new enum value
-- ('trial') cannot be used in the transaction that adds it.
INSERT INTO "plans" ("id", "name", "tier", "description", "is_default", "is_most_popular", "sort_order", "conversation_limit", "message_limit", "token_limit", "widget_limit", "team_member_limit", "agent_limit", "updated_at") VALUES
  (1, 'Pro 1', 'basic', NULL, true, true, 1, 400, 3500, 6000000, 3, 4, 4, now()),
  (2, 'Pro 2', 'basic', NULL, false, false, 2, 700, 6500, 11000000, 5, 7, 7, now()),
  (3, 'Pro 3', 'premium', NULL, false, false, 3, 1300, 12500, 21000000, 9, 13, 13, now()),
  (4, 'Pro 4', 'premium', NULL, false, false, 4, 2500, 24500, 41000000, 17, 25, 25, now()),
  (5, 'Pro 5', 'premium', NULL, false, false, 5, 4900, 48500, 81000000, 33, 49, 49, now()),
  (6, 'Pro 6', 'enterprise', NULL, false, false, 6, 9700, 96500, 161000000, 65, 97, 97, now()),
  (7, 'Pro 7', 'enterprise', NULL, false, false, 7, 19300, 192500, 321000000, 129, 193, 193, now())
ON CONFLICT ("id") DO NOTHING;

INSERT INTO "plan_prices" ("id", "plan_id", "currency", "amount_minor") VALUES
  (1, 1, 'USD', 1000),
  (2, 1, 'EGP', 50000),
  (3, 2, 'USD', 2000),
  (4, 2, 'EGP', 100000),
  (5, 3, 'USD', 4000),
  (6, 3, 'EGP', 200000),
  (7, 4, 'USD', 8000),
  (8, 4, 'EGP', 400000),
  (9, 5, 'USD', 16000),
  (10, 5, 'EGP', 800000),
  (11, 6, 'USD', 32000),
  (12, 6, 'EGP', 1600000),
  (13, 7, 'USD', 64000),
  (14, 7, 'EGP', 3200000)
ON CONFLICT ("id") DO NOTHING;

-- Every account already here starts the 14-day free trial a new account gets, on the default plan.
INSERT INTO "subscriptions" ("id", "account_id", "plan_id", "provider", "status", "started_at", "current_period_start", "current_period_end", "current_key", "updated_at")
SELECT gen_random_uuid(), u."id", p."id", 'trial', 'trialing', now(), now(), now() + interval '14 days', u."id", now()
FROM "users" u CROSS JOIN (SELECT "id" FROM "plans" WHERE "is_default" ORDER BY "sort_order" LIMIT 1) p
WHERE NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."account_id" = u."id");
