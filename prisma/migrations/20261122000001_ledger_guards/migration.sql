-- Hand-written. Only issuer accounts (a VC pool, the test USDC mint) may hold a negative balance, and a
-- posting never moves zero. These are triggers raising check_violation (23514) rather than CHECK
-- constraints because the offline WASM schema engine cannot introspect CHECK constraints through
-- adapter-pg (pg_constraint.contype is a "char"), see docs/decisions.md.
CREATE FUNCTION coinop_ledger_account_nonnegative() RETURNS trigger AS $$
BEGIN
  IF NEW."balance" < 0 AND NOT NEW."allowNegative" THEN
    RAISE EXCEPTION 'ledger account % would go negative (%)', NEW."id", NEW."balance" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "LedgerAccount_balance_nonnegative" BEFORE INSERT OR UPDATE ON "LedgerAccount"
  FOR EACH ROW EXECUTE FUNCTION coinop_ledger_account_nonnegative();

CREATE FUNCTION coinop_ledger_posting_nonzero() RETURNS trigger AS $$
BEGIN
  IF NEW."delta" = 0 THEN
    RAISE EXCEPTION 'a ledger posting never moves zero' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "LedgerPosting_delta_nonzero" BEFORE INSERT ON "LedgerPosting"
  FOR EACH ROW EXECUTE FUNCTION coinop_ledger_posting_nonzero();

-- Journals and postings are append-only.
CREATE FUNCTION coinop_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$ LANGUAGE plpgsql;
CREATE TRIGGER "LedgerJournal_append_only" BEFORE UPDATE OR DELETE ON "LedgerJournal"
  FOR EACH ROW EXECUTE FUNCTION coinop_append_only();
CREATE TRIGGER "LedgerPosting_append_only" BEFORE UPDATE OR DELETE ON "LedgerPosting"
  FOR EACH ROW EXECUTE FUNCTION coinop_append_only();
