-- Dashboard roll-ups (see schema/dashboard.ts): every write of returns and return_ledgers appends
-- signed deltas to dashboard_deltas (plain inserts, so concurrent submits of one customer never wait
-- on a shared row); the worker folds them into dashboard_daily. day and hour are the return's
-- created_at in UTC.
CREATE OR REPLACE FUNCTION dashboard_return_deltas(r returns, sgn integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, x.metric, x.key, sgn * sum(x.n), sgn * sum(x.units)
  FROM (
    SELECT 'kind' AS metric, CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END AS key, 1 AS n,
           coalesce((SELECT sum(l.quantity) FROM return_ledgers l WHERE l.return_id = r.id), 0) AS units
    UNION ALL
    SELECT v.metric, v.key, 1, l.quantity
    FROM return_ledgers l
    CROSS JOIN LATERAL (VALUES ('condition', l.condition), ('reason', l.reason),
      ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int)) v(metric, key)
    WHERE l.return_id = r.id
  ) x
  GROUP BY x.metric, x.key
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_returns_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (created_at AT TIME ZONE 'UTC')::date, customer_id, 'kind', CASE WHEN is_blind THEN 'blind' ELSE 'order' END, count(*), 0
  FROM inserted_returns GROUP BY 1, 2, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the delete, while the return's ledgers are still there: the cascade that removes them
-- then finds no return to join (dashboard_ledgers_after_delete skips them).
CREATE OR REPLACE FUNCTION dashboard_returns_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_return_deltas(OLD, -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_returns_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_return_deltas(OLD, -1);
  PERFORM dashboard_return_deltas(NEW, 1);
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
    ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1)) v(metric, key, n)
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
    ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1)) v(metric, key, n)
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
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1)) v(metric, key, n)
    UNION ALL
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, v.n, l.quantity
    FROM new_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1)) v(metric, key, n)
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0 OR sum(units) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Roll-ups of everything there is, from the tables themselves: the backfill below, and after a
-- TRUNCATE (which no delta can describe).
CREATE OR REPLACE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_deltas;
  DELETE FROM dashboard_daily;
  INSERT INTO dashboard_daily (customer_id, day, metric, key, n, units)
  SELECT customer_id, day, metric, key, sum(n), sum(units) FROM (
    SELECT r.customer_id, (r.created_at AT TIME ZONE 'UTC')::date AS day, 'kind' AS metric,
           CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END AS key, 1 AS n, 0 AS units
    FROM returns r
    UNION ALL
    SELECT r.customer_id, (r.created_at AT TIME ZONE 'UTC')::date, v.metric, v.key, v.n, l.quantity
    FROM return_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1)) v(metric, key, n)
  ) x
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_dashboard_insert AFTER INSERT ON returns REFERENCING NEW TABLE AS inserted_returns
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_returns_after_insert();
--> statement-breakpoint
CREATE TRIGGER returns_dashboard_delete BEFORE DELETE ON returns
  FOR EACH ROW EXECUTE FUNCTION dashboard_returns_before_delete();
--> statement-breakpoint
CREATE TRIGGER returns_dashboard_update AFTER UPDATE OF customer_id, is_blind, created_at, user_id ON returns
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.is_blind IS DISTINCT FROM NEW.is_blind
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION dashboard_returns_after_update();
--> statement-breakpoint
CREATE TRIGGER returns_dashboard_truncate AFTER TRUNCATE ON returns
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_after_truncate();
--> statement-breakpoint
CREATE TRIGGER return_ledgers_dashboard_insert AFTER INSERT ON return_ledgers REFERENCING NEW TABLE AS inserted_ledgers
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_ledgers_after_insert();
--> statement-breakpoint
CREATE TRIGGER return_ledgers_dashboard_delete AFTER DELETE ON return_ledgers REFERENCING OLD TABLE AS deleted_ledgers
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_ledgers_after_delete();
--> statement-breakpoint
CREATE TRIGGER return_ledgers_dashboard_update AFTER UPDATE ON return_ledgers REFERENCING OLD TABLE AS old_ledgers NEW TABLE AS new_ledgers
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_ledgers_after_update();
--> statement-breakpoint
CREATE TRIGGER return_ledgers_dashboard_truncate AFTER TRUNCATE ON return_ledgers
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_after_truncate();
--> statement-breakpoint
SELECT dashboard_rebuild();
