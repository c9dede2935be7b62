ALTER TABLE "photos" DROP CONSTRAINT "photos_ledger_id_return_ledgers_id_fk";
