// The import page against the real server, with the product import's operations (written here
// as mf-warehouse's import.graphql has them): a CSV uploaded through the page, its preview
// with the mapping the server guessed, the client chosen in the picker, the mode, the job's
// progress and its report; a refused mapping said above the buttons. The page's own texts
// come from its `texts` prefix (a test namespace here), everything else from ui.
import vm from 'node:vm';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { useLocation } from 'react-router-dom';
import { addTranslations } from '@kontor/shared-session';
import { ImportPage, runGraphql, type ImportPreview, type ImportResult } from '../src';
import { render, tag, toolkitSuite } from './support/toolkit-kit';

const { server } = toolkitSuite();
// The server's start, an upload, a preview and a job each: room for a machine under load.
jest.setTimeout(180_000);
const wait = { timeout: 30_000 };

// jsdom's FormData and File cannot travel through Node's fetch (jobs-upload.test.tsx).
const NodeFile = vm.runInThisContext('File') as typeof File;
const NodeFormData = vm.runInThisContext('FormData') as typeof FormData;
let jsdomFormData: typeof FormData;
beforeAll(() => {
  jsdomFormData = globalThis.FormData;
  globalThis.FormData = NodeFormData;
  addTranslations({
    de: {
      importTest: {
        page: {
          help: 'Testhilfe: Produkte aus einer Datei',
          goodRows: 'Nur die guten Testzeilen',
          summary:
            '{{rows}}: {{created}} neu, {{updated}} geändert, {{rejected}} schlecht ({{errors}})',
          toList: 'Zur Testliste',
        },
        rules: { gtinCheckDigit: 'Prüfziffer falsch (Text der Seite)' },
      },
      // The server's whole-key rule of an unmapped required field (mf-warehouse has it).
      warehouse: { productImport: { requiredField: 'Ordnen Sie SKU und Name zu (Test)' } },
    },
  });
});
afterAll(() => {
  globalThis.FormData = jsdomFormData;
});

const Preview = parse(`
  query ProductImportPreview($uploadId: ID!) {
    productImportPreview(uploadId: $uploadId) {
      uploadId fileName columns { index header field } rows fields { key de en required }
    }
  }
`) as TypedDocumentNode<{ productImportPreview: ImportPreview }, { uploadId: string }>;

type StartVariables = {
  uploadId: string;
  clientId: string;
  mode: string;
  mapping: { column: number; field: string | null }[];
};
const Start = parse(`
  mutation ImportProducts($uploadId: ID!, $clientId: ID!, $mapping: [ColumnMappingInput!]!, $mode: ImportMode!) {
    importProducts(uploadId: $uploadId, clientId: $clientId, mapping: $mapping, mode: $mode) { id }
  }
`) as TypedDocumentNode<{ importProducts: { id: string } }, StartVariables>;

const Report = parse(`
  query ProductImportReport($id: ID!) {
    job(id: $id) {
      id
      result {
        rows created updated rejectedRows rejectedTotal
        rejected { row sku field column value reason rule params { max min row } }
      }
    }
  }
`) as TypedDocumentNode<{ job: { result: ImportResult | null } | null }, { id: string }>;

const ClientChoices = parse(`
  query ImportClientChoices($search: String) {
    clients(page: { pageSize: 20, search: $search }) { items { id name } }
  }
`) as TypedDocumentNode<
  { clients: { items: { id: string; name: string }[] } },
  { search?: string | null }
>;

const CreateClient = parse(`
  mutation CreateImportClient($input: ClientInput!) { createClient(input: $input) { id } }
`) as TypedDocumentNode<{ createClient: { id: string } }, { input: object }>;

const Products = parse(`
  query ImportedProducts($clientId: ID) {
    products(filter: { clientId: $clientId }, page: { pageSize: 50 }) { items { sku } }
  }
`) as TypedDocumentNode<{ products: { items: { sku: string }[] } }, { clientId: string }>;

/** A client to import into; its id and name. */
async function newClient(): Promise<{ id: string; name: string }> {
  const name = `Importtest ${tag()}`;
  const { createClient } = await runGraphql(CreateClient, {
    input: {
      name,
      address: {
        street: 'Kai',
        houseNumber: '1',
        postcode: '20457',
        city: 'Hamburg',
        countryCode: 'DE',
      },
    },
  });
  return { id: String(createClient.id), name };
}

const skus = async (clientId: string) =>
  (await runGraphql(Products, { clientId })).products.items.map((item) => item.sku).sort();

/** The router's location, shown so the test reads where the page went (`?job=…`). */
function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage() {
  window.history.replaceState(null, '', '/import/test');
  return render(
    <>
      <ImportPage
        title="Testimport"
        texts="importTest:page"
        list="/test-list"
        preview={Preview}
        start={Start}
        report={Report}
        pickers={[{ name: 'clientId', label: 'Mandant', query: ClientChoices }]}
        ownRules="importTest:rules"
      />
      <Where />
    </>,
  );
}

/** A product CSV with German headers; row 3 has two problems: the EAN's check digit, the price. */
const productsCsv = (prefix: string) =>
  [
    'SKU;Name;EAN;Preis netto',
    `${prefix}-1;Schraube;4006381333931;1,50`,
    `${prefix}-2;Nagel;4006381333932;zwölf`,
    `${prefix}-3;Mutter;;`,
  ].join('\n');

/** Uploads the file and waits for its preview. */
async function uploadFile(name: string, text: string) {
  await userEvent.upload(
    screen.getByLabelText('Datei'),
    new NodeFile([text], name, { type: 'text/csv' }),
  );
  await screen.findByRole('heading', { name: 'Vorschau und Zuordnung der Spalten' }, wait);
}

/** Chooses the client in the picker by typing its name, then Enter. */
async function pickClient(name: string) {
  const picker = await screen.findByRole('combobox', { name: /^Mandant/ }, wait);
  await userEvent.type(picker, name);
  await screen.findByRole('option', { name }, wait);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(picker).toHaveValue(name));
}

it('imports the good rows: preview with the guessed mapping, client, mode, progress and report', async () => {
  const client = await newClient();
  const prefix = `IP${tag()}`;
  renderPage();
  expect(screen.getByRole('heading', { name: 'Testimport' })).toBeInTheDocument();
  expect(screen.getByText('Testhilfe: Produkte aus einer Datei')).toBeInTheDocument();

  await uploadFile(`produkte-${prefix}.csv`, productsCsv(prefix));
  // The server's guess from the German headers, its first rows, the fields to choose from.
  expect(screen.getByRole('combobox', { name: 'Feld für Spalte „SKU“' })).toHaveValue('sku');
  expect(screen.getByRole('combobox', { name: 'Feld für Spalte „EAN“' })).toHaveValue('ean');
  expect(screen.getByText('Die ersten 3 Zeilen der Datei.', { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Nagel' })).toBeInTheDocument();
  const skip = within(screen.getByRole('combobox', { name: 'Feld für Spalte „Name“' }));
  expect(skip.getByRole('option', { name: '— nicht importieren —' })).toBeInTheDocument();
  expect(skip.getByRole('option', { name: 'Name (Pflicht)' })).toBeInTheDocument();

  await pickClient(client.name);
  expect(screen.getByRole('radio', { name: /Alles oder nichts/ })).toBeChecked();
  await userEvent.click(screen.getByRole('radio', { name: 'Nur die guten Testzeilen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Import starten' }));

  // The page goes to the job: its progress, then the report.
  await waitFor(
    () =>
      expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(
        /^\/import\/test\?job=[0-9a-f-]{36}&mode=GOOD_ROWS$/,
      ),
    wait,
  );
  expect(await screen.findByText('Abgeschlossen', {}, wait)).toBeInTheDocument();
  expect(
    // Rows and problems apart: one rejected row with two problems.
    await screen.findByRole(
      'heading',
      { name: '3 Zeilen: 2 neu, 0 geändert, 1 schlecht (2 Fehler)' },
      wait,
    ),
  ).toBeInTheDocument();
  const report = screen.getByRole('table', { name: 'Abgelehnte Zeilen' });
  const cells = within(within(report).getAllByRole('row')[1]!).getAllByRole('cell');
  // The row's SKU beside its number.
  expect(within(report).getAllByRole('columnheader')[1]).toHaveTextContent('SKU');
  expect(cells.map((cell) => cell.textContent)).toEqual([
    '3',
    `${prefix}-2`,
    'EAN',
    '4006381333932',
    'Prüfziffer falsch (Text der Seite)',
  ]);
  const download = screen.getByRole('link', { name: 'Bericht als CSV herunterladen' });
  expect(download.getAttribute('href')).toMatch(
    /^\/spa\/jobs\/[0-9a-f-]{36}\/report\.csv\?lang=de$/,
  );
  expect(screen.getByRole('link', { name: 'Zur Testliste' })).toHaveAttribute('href', '/test-list');
  expect(await skus(client.id)).toEqual([`${prefix}-1`, `${prefix}-3`]);

  // Another file: back to the start.
  await userEvent.click(screen.getByRole('button', { name: 'Weitere Datei importieren' }));
  expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(/^\/import\/test$/);
  expect(screen.getByLabelText('Datei')).toBeInTheDocument();
});

it('all or nothing with a bad row writes nothing and says so', async () => {
  const client = await newClient();
  const prefix = `IN${tag()}`;
  renderPage();
  await uploadFile(`produkte-${prefix}.csv`, productsCsv(prefix));
  await pickClient(client.name);
  await userEvent.click(screen.getByRole('button', { name: 'Import starten' }));

  expect(
    await screen.findByRole(
      'heading',
      { name: '3 Zeilen: 0 neu, 0 geändert, 1 schlecht (2 Fehler)' },
      wait,
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Es wurde nichts importiert, weil Zeilen fehlerhaft sind (Alles oder nichts).',
    ),
  ).toBeInTheDocument();
  expect(await skus(client.id)).toEqual([]);
});

it('says a refused mapping above the buttons and starts nothing', async () => {
  const client = await newClient();
  const prefix = `IR${tag()}`;
  renderPage();
  await uploadFile(`produkte-${prefix}.csv`, productsCsv(prefix));
  // The name is required: mapped to nothing, the server refuses the start.
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Feld für Spalte „Name“' }),
    '',
  );
  await pickClient(client.name);
  server().calls.length = 0;
  await userEvent.click(screen.getByRole('button', { name: 'Import starten' }));

  await waitFor(
    () =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Ordnen Sie SKU und Name zu (Test)',
      ),
    wait,
  );
  expect(server().calls).toContain('POST /graphql');
  expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(/^\/import\/test$/);
  expect(await skus(client.id)).toEqual([]);
});
