-- Texts the server stores, as catalogue messages (issue 31, docs/design.md "Words, numbers
-- and dates"): a key with parameters (`{"key": "fulfillment.stock", "params": {"sku": "MV-1",
-- "needed": 12, "available": 9}}`), worded by the page in the reader's language. The English
-- text columns stay beside them: searched as before, and shown as they are for rows stored
-- before (their message column is NULL).

-- Why an order cannot be fulfilled: one message per problem (fulfillment_error keeps the
-- English sentences for the list's search).
ALTER TABLE orders ADD COLUMN fulfillment_problems jsonb;

-- The ledger's comment the server wrote (`Auftrag K-2026-000001`, `Avis A-…`, a stocktaking);
-- `comment` keeps what a user typed, and the English wording of these (searched).
ALTER TABLE stock_changes ADD COLUMN comment_message jsonb;

-- A job's title (`Rechnungsexport: Mandant Muster GmbH, 01.11.2026 – 30.11.2026`);
-- summary/summaries keep the worded text of jobs from before.
ALTER TABLE jobs ADD COLUMN title jsonb;
