-- Dashboard roll-ups gain issue 27's grades: metric `grade`, key the grade code (A, B, C, D, WRONG_ITEM,
-- MISSING, NOT_RETURNABLE) of a line a rule graded (ungraded lines add nothing): n = lines, units.
-- The same four functions as migration dashboard_rollup_photos_dispositions, with the one metric more.
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
      ('disposition', coalesce(l.disposition, '')), ('discrepancy', l.discrepancy),
      ('grade', l.grade)) v(metric, key)
    WHERE l.return_id = r.id AND v.key IS NOT NULL
    UNION ALL
    SELECT 'discrepancy', 'MISSING', 1, m.quantity FROM return_missing_lines m WHERE m.return_id = r.id
  ) x
  GROUP BY x.metric, x.key
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ledgers_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (day, customer_id, metric, key, n, units)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, sum(v.n), sum(l.quantity)
  FROM inserted_ledgers l
  JOIN returns r ON r.id = l.return_id
  CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
    ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
    ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1), ('grade', l.grade, 1)) v(metric, key, n)
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
    ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1), ('grade', l.grade, 1)) v(metric, key, n)
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
      ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1), ('grade', l.grade, 1)) v(metric, key, n)
    WHERE v.key IS NOT NULL
    UNION ALL
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.customer_id, v.metric, v.key, v.n, l.quantity
    FROM new_ledgers l JOIN returns r ON r.id = l.return_id
    CROSS JOIN LATERAL (VALUES ('kind', CASE WHEN r.is_blind THEN 'blind' ELSE 'order' END, 0), ('condition', l.condition, 1),
      ('reason', l.reason, 1), ('operator_hour', r.user_id || ':' || extract(hour FROM r.created_at AT TIME ZONE 'UTC')::int, 1),
      ('disposition', coalesce(l.disposition, ''), 1), ('discrepancy', l.discrepancy, 1), ('grade', l.grade, 1)) v(metric, key, n)
    WHERE v.key IS NOT NULL
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0 OR sum(units) <> 0;
  RETURN NULL;
END $$;
