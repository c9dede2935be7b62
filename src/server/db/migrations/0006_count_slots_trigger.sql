-- return_counts keeps up to 16 rows per (customer, blind) key and the count is their sum (see
-- schema/history.ts). Each connection writes the row of its own slot, so two transactions that
-- take returns of one customer at once no longer wait for each other's commit on one counter row.
CREATE OR REPLACE FUNCTION return_counts_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION return_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO return_counts (customer_id, is_blind, slot, returns_count)
  SELECT customer_id, is_blind, return_counts_slot(), count(*) FROM inserted_returns GROUP BY customer_id, is_blind
  ORDER BY customer_id, is_blind
  ON CONFLICT (customer_id, is_blind, slot) DO UPDATE SET returns_count = return_counts.returns_count + EXCLUDED.returns_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A delete subtracts in its own slot too: a slot may go negative, the sum stays exact. Returns
-- deleted with their customer (cascade) leave no count behind: the customer's rows are gone.
CREATE OR REPLACE FUNCTION return_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO return_counts (customer_id, is_blind, slot, returns_count)
  SELECT d.customer_id, d.is_blind, return_counts_slot(), -count(*) FROM deleted_returns d
  WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = d.customer_id)
  GROUP BY d.customer_id, d.is_blind
  ORDER BY d.customer_id, d.is_blind
  ON CONFLICT (customer_id, is_blind, slot) DO UPDATE SET returns_count = return_counts.returns_count + EXCLUDED.returns_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION return_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.is_blind IS DISTINCT FROM NEW.is_blind THEN
    INSERT INTO return_counts (customer_id, is_blind, slot, returns_count)
    SELECT OLD.customer_id, OLD.is_blind, return_counts_slot(), -1 WHERE EXISTS (SELECT 1 FROM customers WHERE id = OLD.customer_id)
    ON CONFLICT (customer_id, is_blind, slot) DO UPDATE SET returns_count = return_counts.returns_count - 1;
    INSERT INTO return_counts (customer_id, is_blind, slot, returns_count) VALUES (NEW.customer_id, NEW.is_blind, return_counts_slot(), 1)
    ON CONFLICT (customer_id, is_blind, slot) DO UPDATE SET returns_count = return_counts.returns_count + 1;
  END IF;
  RETURN NULL;
END $$;
