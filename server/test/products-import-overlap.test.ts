import { JobStopped, type JobProgressReport } from '../src/jobs/kinds';
import { productsImport } from '../src/products/import';
import { storeUpload } from '../src/uploads/uploads';
import { startTestApp, type TestApp } from './helpers';

// An all-or-nothing product import on PostgreSQL writes its full batches while later rows are
// still being checked, in one transaction that commits only once every row is checked and good
// (products/import.ts, BatchFeed). These tests hold the checking at row 3,000 (in its progress
// report), see that the import has written meanwhile (PostgreSQL: a transaction of this
// database whose last statement was the import's INSERT), that nobody else sees a row of it,
// and that a bad row later in the file or the job stopped while reading leaves nothing behind:
// no product, no hazmat row, no transaction left open — and the next import writes while it
// checks again. On PGlite (one connection: it checks, then writes) the same promises hold.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const ROWS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onPostgres = () => t.db.kind === 'postgres';

/** A file of ROWS products, every tenth with hazmat data; `bad` has an unreadable price. */
function file(bad?: number): Buffer {
  const lines = ['SKU;Name;Preis netto;UN-Nummer;Gefahrgutklasse'];
  for (let n = 1; n <= ROWS; n += 1)
    lines.push(
      `O-${n};Artikel ${n};${n === bad ? 'zwölf' : '2,50'};${n % 10 === 0 ? '1170;3' : ';'}`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The client's products and hazmat rows, as everyone else sees them. */
async function stored(clientId: number) {
  const [counts] = await t.db.query<{ products: number; hazmat: number; newest: number }>(
    `SELECT count(*)::int AS products, count(h.product_id)::int AS hazmat,
            coalesce(max(p.version), 0)::int AS newest
       FROM products p LEFT JOIN product_hazmat h ON h.product_id = p.id WHERE p.client_id = $1`,
    [clientId],
  );
  return counts!;
}

/** Whether another backend of this database is in a transaction that has written products. */
async function importWriting(): Promise<boolean> {
  const rows = await t.db.query(
    `SELECT 1 FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND backend_xid IS NOT NULL AND query LIKE 'INSERT INTO product%'`,
  );
  return rows.length > 0;
}

/** Transactions of this database left open (idle in one) by someone else (PGlite: none). */
async function openTransactions(): Promise<number> {
  if (!onPostgres()) return 0;
  const [row] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND state LIKE 'idle in transaction%'`,
  );
  return row!.n;
}

/**
 * Runs the import job's handler on `content`; at the first progress report after 3,000 rows
 * are checked it waits (PostgreSQL) until the import has written, records what others see,
 * then `stop` may throw (as ctx.progress does for a cancelled job).
 */
async function runImport(
  clientId: number,
  content: Buffer,
  stop?: 'while reading' | 'when the writing is reported',
) {
  const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users ORDER BY id LIMIT 1`);
  const upload = await storeUpload(
    t.db,
    user!.id,
    'overlap.csv',
    (async function* () {
      yield content;
    })(),
    10 * 1024 * 1024,
  );
  const seen = { writtenWhileChecking: false, visibleWhileChecking: -1 };
  const run = productsImport.handler({
    id: 'overlap',
    kind: 'products.import',
    payload: {
      uploadId: upload.id,
      fileName: 'overlap.csv',
      clientId,
      mapping: ['sku', 'name', 'priceNet', 'hazmat.unNumber', 'hazmat.hazmatClass'],
      mode: 'ALL_OR_NOTHING',
    },
    userId: user!.id,
    attempt: 1,
    db: t.db,
    progress: async (progress: JobProgressReport) => {
      if (progress.phase === 'importing' && stop === 'when the writing is reported')
        throw new JobStopped('cancelled');
      if (progress.phase !== 'reading' || progress.done < 3000 || seen.visibleWhileChecking >= 0)
        return;
      if (onPostgres())
        for (let i = 0; i < 200 && !seen.writtenWhileChecking; i += 1) {
          seen.writtenWhileChecking = await importWriting();
          if (!seen.writtenWhileChecking) await sleep(25);
        }
      seen.visibleWhileChecking = (await stored(clientId)).products;
      if (stop === 'while reading') throw new JobStopped('cancelled');
    },
  });
  return { run, seen };
}

async function newClient(name: string): Promise<number> {
  const [client] = await t.db.query<{ id: number }>(
    `INSERT INTO clients (name) VALUES ($1) RETURNING id`,
    [`${name} ${process.pid}`],
  );
  return client!.id;
}

describe('an all-or-nothing import writing while it checks the file', () => {
  test('a bad row after the written batches: nothing is committed, the report names it', async () => {
    const clientId = await newClient('Overlap bad row');
    const { run, seen } = await runImport(clientId, file(4500));
    const report = await run;
    expect(report).toMatchObject({ created: 0, updated: 0, rejectedTotal: 1 });
    expect(report?.rejected[0]).toMatchObject({ row: 4501, column: 'Preis netto' });
    expect(seen.writtenWhileChecking).toBe(onPostgres());
    expect(seen.visibleWhileChecking).toBe(0);
    expect(await stored(clientId)).toEqual({ products: 0, hazmat: 0, newest: 0 });
    expect(await openTransactions()).toBe(0);
  });

  test.each(['while reading', 'when the writing is reported'] as const)(
    'the job stopped %s: the written batches are rolled back; the next run writes all',
    async (when) => {
      const clientId = await newClient(`Overlap stopped ${when}`);
      const stopped = await runImport(clientId, file(), when);
      await expect(stopped.run).rejects.toThrow(JobStopped);
      expect(stopped.seen.writtenWhileChecking).toBe(onPostgres());
      expect(stopped.seen.visibleWhileChecking).toBe(0);
      expect(await stored(clientId)).toEqual({ products: 0, hazmat: 0, newest: 0 });
      expect(await openTransactions()).toBe(0);

      // Run again (a retried job): it writes while it checks again, and commits everything.
      const again = await runImport(clientId, file());
      expect(await again.run).toMatchObject({ created: ROWS, updated: 0, rejectedTotal: 0 });
      expect(again.seen.writtenWhileChecking).toBe(onPostgres());
      expect(again.seen.visibleWhileChecking).toBe(0);
      expect(await stored(clientId)).toEqual({ products: ROWS, hazmat: ROWS / 10, newest: 1 });

      // The same file once more changes nothing: no update, every version still 1.
      const unchanged = await runImport(clientId, file());
      expect(await unchanged.run).toMatchObject({ created: 0, updated: 0, rejectedTotal: 0 });
      expect(await stored(clientId)).toEqual({ products: ROWS, hazmat: ROWS / 10, newest: 1 });
    },
  );

  test('into a client with products: the changed rows are updated, the unchanged ones keep their version', async () => {
    const clientId = await newClient('Overlap update');
    // Ten of the file's products exist: O-1…O-5 as the file has them (O-10 with its hazmat
    // data), O-6…O-9 with another price, and O-20 with another hazmat class.
    // (Their gross prices as the file's net prices make them: 19 %, half-up.)
    await t.db.query(
      `INSERT INTO products (client_id, sku, name, price_net_cents, price_gross_cents)
       SELECT $1, 'O-' || n, 'Artikel ' || n, net, round(net * 1.19)
         FROM unnest(ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]) AS n,
              LATERAL (SELECT CASE WHEN n BETWEEN 6 AND 9 THEN 999 ELSE 250 END AS net) price`,
      [clientId],
    );
    await t.db.query(
      `INSERT INTO product_hazmat (product_id, un_number, hazmat_class)
       SELECT id, '1170', CASE WHEN sku = 'O-20' THEN '8' ELSE '3' END FROM products
        WHERE client_id = $1 AND sku IN ('O-10', 'O-20')`,
      [clientId],
    );
    const { run, seen } = await runImport(clientId, file());
    expect(await run).toMatchObject({ created: ROWS - 11, updated: 5, rejectedTotal: 0 });
    expect(seen.writtenWhileChecking).toBe(onPostgres());
    expect(seen.visibleWhileChecking).toBe(11);
    const versions = await t.db.query<{ sku: string; version: number; hazmatClass: string }>(
      `SELECT p.sku, p.version, h.hazmat_class AS "hazmatClass"
         FROM products p LEFT JOIN product_hazmat h ON h.product_id = p.id
        WHERE p.client_id = $1 AND p.version > 1 ORDER BY p.sku`,
      [clientId],
    );
    expect(versions).toEqual([
      { sku: 'O-20', version: 2, hazmatClass: '3' },
      { sku: 'O-6', version: 2, hazmatClass: null },
      { sku: 'O-7', version: 2, hazmatClass: null },
      { sku: 'O-8', version: 2, hazmatClass: null },
      { sku: 'O-9', version: 2, hazmatClass: null },
    ]);
    expect(await stored(clientId)).toEqual({ products: ROWS, hazmat: ROWS / 10, newest: 2 });
  });
});
