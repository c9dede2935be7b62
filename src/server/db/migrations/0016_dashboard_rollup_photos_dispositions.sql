-- Dashboard roll-ups gain (issue 12): the share of returns with photos, the dispositions mix and the
-- discrepancies (wrong and extra items on ledger lines, missing order lines in return_missing_lines).
-- Same shape as migration dashboard_rollup_triggers: writes only append signed deltas.
-- New metrics (day = the return's created_at in UTC):
-- - `photos`, key `with` | `without`: n = returns (units 0);
-- - `disposition`, key the disposition code ('' for a line without one): n = lines, units;
-- - `discrepancy`, key WRONG_ITEM | EXTRA_ITEM (ledger lines) | MISSING (missing order lines): n = lines, units.
CREATE OR REPLACE FUNCTION dashboard_return_deltas(r returns, sgn integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, x.metric, x.key, sgn * sum(x.n), sgn * sum(x.units)
  FROM (
    SELECT 'kind' AS metric, CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END AS key, 1 AS n,
           coalesce((SELECT sum(l.quantity) FROM return_ledgers l WHERE l.return_id = r.id), 0) AS units
    UNION ALL
    SELECT 'photos', CASE WHEN r.photo_count > 0 THEN 'with' ELSE 'without' END, 1, 0
    UNION ALL
    SELECT v.metric, v.key, 1, l.quantity
    FROM return_ledgers l
    CROSS JOIN LATERAL (VALUES ('condition', l.condition), ('reason', l.reason),
      ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int),
      ('disposition', coalesce(l.disposition, '')), ('discrepancy', l.discrepancy)) v(metric, key)
    WHERE l.return_id = r.id AND v.key IS NOT NULL
    UNION ALL
    SELECT 'discrepancy', 'MISSING', 1, m.quantity FROM return_missing_lines m WHERE m.return_id = r.id
  ) x
  GROUP BY x.metric, x.key
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_returns_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (created_at AT TIME ZONE 'UTC')::date, customer_id, v.metric, v.key, count(*), 0
  FROM inserted_returns
  CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN is_blind THEN 'blind' ELSE 'order' END),
    ('photos', CASE WHEN photo_count > 0 THEN 'with' ELSE 'without' END)) v(metric, key)
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Photos added to a saved return move it from `without` to `with` (and back when they go); only
-- when nothing the general update trigger watches changed too (that one recounts the whole return).
CREATE OR REPLACE FUNCTION dashboard_returns_photos_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.customer_id, 'photos', CASE WHEN OLD.photo_count > 0 THEN 'with' ELSE 'without' END, -1, 0),
         ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.customer_id, 'photos', CASE WHEN NEW.photo_count > 0 THEN 'with' ELSE 'without' END, 1, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ledgers_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, sum(v.n), sum(l.quantity)
  FROM inserted_ledgers l
  JOIN returns r ON r.id = l.return_id
  CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
    ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
    ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1)) v(metric, key, n)
  WHERE v.key IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ledgers_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, -sum(v.n), -sum(l.quantity)
  FROM deleted_ledgers l
  JOIN returns r ON r.id = l.return_id
  CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
    ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
    ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1)) v(metric, key, n)
  WHERE v.key IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ledgers_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT day, customer_id, metric, key, sum(n), sum(units) FROM (
    SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.customer_id, v.metric, v.key, -v.n AS n, -l.quantity AS units
    FROM old_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
      ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1)) v(metric, key, n)
    WHERE v.key IS NOT NULL
    UNION ALL
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, v.n, l.quantity
    FROM new_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
      ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1)) v(metric, key, n)
    WHERE v.key IS NOT NULL
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0 OR sum(units) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Missing order lines: like ledger lines, skipped when their return is gone (its delete counted them).
CREATE OR REPLACE FUNCTION dashboard_missing_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, 'discrepancy', 'MISSING', count(*), sum(m.quantity)
  FROM inserted_missing m JOIN returns r ON r.id = m.return_id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_missing_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, 'discrepancy', 'MISSING', -count(*), -sum(m.quantity)
  FROM deleted_missing m JOIN returns r ON r.id = m.return_id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_missing_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT day, customer_id, 'discrepancy', 'MISSING', sum(n), sum(units) FROM (
    SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.customer_id, -1 AS n, -m.quantity AS units
    FROM old_missing m JOIN returns r ON r.id = m.return_id
    UNION ALL
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, 1, m.quantity
    FROM new_missing m JOIN returns r ON r.id = m.return_id
  ) d
  GROUP BY 1, 2
  HAVING sum(n) <> 0 OR sum(units) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_deltas;
  DELETE FROM dashboard_daily;
  INSERT INTO dashboard_daily (customer_id, day, metric, key, n, units)
  SELECT customer_id, day, metric, key, sum(n), sum(units) FROM (
    SELECT r.customer_id, (r.created_at AT TIME ZONE 'UTC')::date AS day, v.metric, v.key, 1 AS n, 0 AS units
    FROM returns r
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END),
      ('photos', CASE WHEN r.photo_count > 0 THEN 'with' ELSE 'without' END)) v(metric, key)
    UNION ALL
    SELECT r.customer_id, (r.created_at AT TIME ZONE 'UTC')::date, v.metric, v.key, v.n, l.quantity
    FROM return_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
      ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1)) v(metric, key, n)
    WHERE v.key IS NOT NULL
    UNION ALL
    SELECT r.customer_id, (r.created_at AT TIME ZONE 'UTC')::date, 'discrepancy', 'MISSING', 1, m.quantity
    FROM return_missing_lines m JOIN returns r ON r.id = m.return_id
  ) x
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_dashboard_photos AFTER UPDATE OF photo_count ON returns
  FOR EACH ROW WHEN ((OLD.photo_count > 0) IS DISTINCT FROM (NEW.photo_count > 0)
    AND OLD.customer_id IS NOT DISTINCT FROM NEW.customer_id AND OLD.is_blind IS NOT DISTINCT FROM NEW.is_blind
    AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION dashboard_returns_photos_update();
--> statement-breakpoint
CREATE TRIGGER return_missing_lines_dashboard_insert AFTER INSERT ON return_missing_lines REFERENCING NEW TABLE AS inserted_missing
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_missing_after_insert();
--> statement-breakpoint
CREATE TRIGGER return_missing_lines_dashboard_delete AFTER DELETE ON return_missing_lines REFERENCING OLD TABLE AS deleted_missing
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_missing_after_delete();
--> statement-breakpoint
CREATE TRIGGER return_missing_lines_dashboard_update AFTER UPDATE ON return_missing_lines REFERENCING OLD TABLE AS old_missing NEW TABLE AS new_missing
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_missing_after_update();
--> statement-breakpoint
CREATE TRIGGER return_missing_lines_dashboard_truncate AFTER TRUNCATE ON return_missing_lines
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_after_truncate();
--> statement-breakpoint
SELECT dashboard_rebuild();
