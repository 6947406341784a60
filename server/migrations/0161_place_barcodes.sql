-- Place barcodes a hand scanner types alike in every common keyboard layout (issue 30).
--
-- A hand scanner types a barcode as key presses: it turns each character into a key of the
-- layout it is set to, and the computer turns the key back into a character of ITS layout.
-- When the two differ (a scanner left on US English at a German PC, or the other way round),
-- only characters on the same key in both layouts arrive unchanged. German (QWERTZ) and US
-- (QWERTY) differ for: Y and Z (swapped), "/" (German Shift+7; the US "/" key types "-" on
-- a German layout), "-" (the US "-" key types "ß"), and almost every other punctuation.
-- The same keys in both (and in the UK, Swiss, Austrian, Nordic, Spanish and Italian
-- layouts): the letters A–X, the digits 0–9 (unshifted) and "." (unshifted). A generated
-- barcode uses only capitals A–X, digits and "." (safeBarcode in server/src/warehouses/
-- warehouses.ts): the place's path upper-cased with "." between the codes and for "-" and
-- "_" (`W1.S2.R03.P12`), or `PL<id>` when a code holds Y or Z (or the result would be longer
-- than 64). French AZERTY moves even the digits; such a scanner must be set to the PC's
-- layout. Scans also accept a safe barcode in small letters (Caps Lock on at the PC).
--
-- The default barcodes so far were the paths without spaces (`W1/S2/R03/P12`). Each place
-- whose barcode still equals its path gets a safe barcode; the old one moves to
-- former_barcode, so labels printed before keep scanning in every look-up (stock change,
-- avis booking, picking, stocktaking). Barcodes users typed themselves stay as they are.

ALTER TABLE places ADD COLUMN IF NOT EXISTS former_barcode text;
-- A former barcode names one place; it never equals a current one (former barcodes hold "/",
-- a barcode typed or made from now on never does).
CREATE UNIQUE INDEX IF NOT EXISTS places_former_barcode_key ON places (former_barcode);

WITH old AS (
  -- The SQL twin of safeBarcode(): codes upper-cased, "-" and "_" as ".", joined by ".".
  SELECT p.id, p.barcode,
         upper(translate(replace(p.path, ' / ', '.'), '-_', '..')) AS derived
    FROM places p
   WHERE p.barcode = replace(p.path, ' ', '')
     AND p.former_barcode IS NULL
),
candidate AS (
  SELECT o.id, o.barcode,
         CASE
           WHEN o.derived ~ '^[0-9A-X.]+$' AND length(o.derived) <= 64
                AND row_number() OVER (PARTITION BY o.derived ORDER BY o.id) = 1
                AND NOT EXISTS (SELECT 1 FROM places t WHERE t.barcode = o.derived)
           THEN o.derived
         END AS derived,
         'PL' || o.id AS fallback
    FROM old o
),
chosen AS (
  -- A derived barcode holds ".", PL<id> does not: they never meet. A value some place already
  -- has (a barcode a user typed) is never taken; such a place keeps its old barcode.
  SELECT c.id, c.barcode,
         coalesce(c.derived,
                  CASE WHEN NOT EXISTS (SELECT 1 FROM places t WHERE t.barcode = c.fallback)
                       THEN c.fallback END) AS barcode_new
    FROM candidate c
)
UPDATE places p
   SET former_barcode = chosen.barcode, barcode = chosen.barcode_new,
       -- A place form opened before sends the old barcode: refused as stale, not as "/".
       version = p.version + 1, updated_at = now()
  FROM chosen
 WHERE p.id = chosen.id AND chosen.barcode_new IS NOT NULL;
