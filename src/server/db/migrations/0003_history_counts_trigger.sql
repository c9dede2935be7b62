-- Keeps return_counts exact (see schema/history.ts). Statement-level triggers with transition
-- tables: one upsert per statement, so a bulk COPY of returns costs one grouped update, not one per row.
CREATE OR REPLACE FUNCTION return_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO return_counts (customer_id, is_blind, returns_count)
  SELECT customer_id, is_blind, count(*) FROM inserted_returns GROUP BY customer_id, is_blind
  ORDER BY customer_id, is_blind
  ON CONFLICT (customer_id, is_blind) DO UPDATE SET returns_count = return_counts.returns_count + EXCLUDED.returns_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION return_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE return_counts c SET returns_count = c.returns_count - d.n
  FROM (SELECT customer_id, is_blind, count(*) AS n FROM deleted_returns GROUP BY customer_id, is_blind) d
  WHERE c.customer_id = d.customer_id AND c.is_blind = d.is_blind;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION return_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.is_blind IS DISTINCT FROM NEW.is_blind THEN
    UPDATE return_counts SET returns_count = returns_count - 1 WHERE customer_id = OLD.customer_id AND is_blind = OLD.is_blind;
    INSERT INTO return_counts (customer_id, is_blind, returns_count) VALUES (NEW.customer_id, NEW.is_blind, 1)
    ON CONFLICT (customer_id, is_blind) DO UPDATE SET returns_count = return_counts.returns_count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION return_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM return_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_count_insert AFTER INSERT ON returns REFERENCING NEW TABLE AS inserted_returns
  FOR EACH STATEMENT EXECUTE FUNCTION return_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER returns_count_delete AFTER DELETE ON returns REFERENCING OLD TABLE AS deleted_returns
  FOR EACH STATEMENT EXECUTE FUNCTION return_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER returns_count_update AFTER UPDATE OF customer_id, is_blind ON returns
  FOR EACH ROW EXECUTE FUNCTION return_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER returns_count_truncate AFTER TRUNCATE ON returns
  FOR EACH STATEMENT EXECUTE FUNCTION return_counts_after_truncate();
--> statement-breakpoint
-- Existing returns (a database migrated after returns were taken).
INSERT INTO return_counts (customer_id, is_blind, returns_count)
SELECT customer_id, is_blind, count(*) FROM returns GROUP BY customer_id, is_blind
ON CONFLICT (customer_id, is_blind) DO UPDATE SET returns_count = EXCLUDED.returns_count;
