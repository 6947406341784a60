// The upload field and the job progress against the real server: files go to POST
// /spa/uploads, imports run as real background jobs, and the component shows what the server
// says about them. (The live events need the browser's socket: e2e/jobs.spec.ts.)
import vm from 'node:vm';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import {
  formatFileSize,
  JobProgress,
  runGraphql,
  UploadField,
  type JobView,
  type Upload,
} from '../src';
import { render, tag, toolkitSuite } from './support/toolkit-kit';

const { server, toasts } = toolkitSuite();
const wait = { timeout: 20_000 };

// jsdom's FormData and File cannot travel through Node's fetch (which the real-server page
// uses); the browser's own are Node's here, as they are real ones in Chromium.
const NodeFile = vm.runInThisContext('File') as typeof File;
const NodeFormData = vm.runInThisContext('FormData') as typeof FormData;
let jsdomFormData: typeof FormData;
beforeAll(() => {
  jsdomFormData = globalThis.FormData;
  globalThis.FormData = NodeFormData;
});
afterAll(() => {
  globalThis.FormData = jsdomFormData;
});

const csvFile = (name: string, text: string) => new NodeFile([text], name, { type: 'text/csv' });

/** A clients CSV with `rows` rows named after `prefix`. */
function clientsCsv(prefix: string, rows: number): string {
  const lines = ['Name;Straße;Hausnummer;PLZ;Ort;Land'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${prefix} ${i};Hafenstraße;${i};20457;Hamburg;DE`);
  return `${lines.join('\n')}\n`;
}

const ImportClients = parse(`
  mutation ImportClients($uploadId: ID!) { importClients(uploadId: $uploadId) { id state } }
`) as TypedDocumentNode<{ importClients: { id: string; state: string } }, { uploadId: string }>;

const JobState = parse(`
  query JobState($id: ID!) { job(id: $id) { id state error } }
`) as TypedDocumentNode<
  { job: { id: string; state: string; error: string | null } | null },
  { id: string }
>;

/** Uploads a CSV through the page's session and starts its import; the job's id. */
async function startImport(
  name: string,
  content: string | Uint8Array<ArrayBuffer>,
): Promise<string> {
  const body = new NodeFormData();
  body.append('file', new NodeFile([content], name), name);
  const { readXsrfToken } = await import('@kontor/shared-session');
  const response = await fetch('/spa/uploads', {
    method: 'POST',
    body,
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': readXsrfToken() },
  });
  expect(response.status).toBe(201);
  const upload = (await response.json()) as Upload;
  return String((await runGraphql(ImportClients, { uploadId: upload.id })).importClients.id);
}

/** Waits until the server says the job has reached `state`. */
async function jobReaches(id: string, state: string, timeout = wait.timeout): Promise<void> {
  await waitFor(async () => expect((await runGraphql(JobState, { id })).job?.state).toBe(state), {
    timeout,
    interval: 250,
  });
}

describe('the upload field', () => {
  it('uploads a chosen CSV at once and shows its name and size', async () => {
    const uploaded: (Upload | null)[] = [];
    render(<UploadField label="Datei" onUploaded={(upload) => uploaded.push(upload)} />);
    const text = clientsCsv(`Upload ${tag()}`, 3);
    await userEvent.upload(screen.getByLabelText('Datei'), csvFile('mandanten.csv', text));

    expect(await screen.findByText('Hochgeladen', {}, wait)).toBeInTheDocument();
    const zone = screen.getByRole('button', { name: /Andere Datei wählen/ });
    expect(within(zone).getByText('mandanten.csv')).toBeInTheDocument();
    const bytes = Buffer.byteLength(text);
    expect(within(zone).getByText(formatFileSize(bytes))).toBeInTheDocument();
    const stored = uploaded.at(-1);
    expect(stored).toMatchObject({ name: 'mandanten.csv', size: bytes, type: 'csv' });
    expect(server().calls).toContain('POST /spa/uploads');
  });

  it('shows the server’s refusal on the field when a “.csv” is no CSV inside', async () => {
    const uploaded: (Upload | null)[] = [];
    render(<UploadField label="Datei" onUploaded={(upload) => uploaded.push(upload)} />);
    // A PNG named .csv passes the browser's look at the name; the server reads the content.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await userEvent.upload(
      screen.getByLabelText('Datei'),
      new NodeFile([png], 'bild.csv', { type: 'text/csv' }),
    );

    await waitFor(() => expect(server().calls).toContain('POST /spa/uploads'), wait);
    const field = screen.getByLabelText('Datei').closest('.bp6-form-group')!;
    await waitFor(() => expect(field).toHaveClass('bp6-intent-danger'), wait);
    expect(screen.queryByText('Hochgeladen')).not.toBeInTheDocument();
    expect(uploaded.filter(Boolean)).toEqual([]);
  });

  it('refuses a PDF or an empty file in the browser without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<UploadField label="Datei" onUploaded={() => undefined} />);
    await user.upload(
      screen.getByLabelText('Datei'),
      new NodeFile(['%PDF-1.4'], 'rechnung.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Nur CSV- oder XLSX-Dateien')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Datei'), csvFile('leer.csv', ''));
    expect(await screen.findByText('Die Datei ist leer')).toBeInTheDocument();
    expect(server().calls).not.toContain('POST /spa/uploads');
  });

  it('is one control reached with the keyboard', async () => {
    render(<UploadField label="Datei" onUploaded={() => undefined} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Datei hierher ziehen oder klicken/ })).toHaveFocus();
    // The native input is only the chooser behind it, never a second tab stop.
    await userEvent.tab();
    expect(screen.getByLabelText('Datei')).not.toHaveFocus();
  });
});

describe('the job progress', () => {
  it('shows an import that has completed: full bar, its count, no cancel', async () => {
    const id = await startImport('fertig.csv', clientsCsv(`Fertig ${tag()}`, 5));
    await jobReaches(id, 'COMPLETED');
    const ended: JobView[] = [];
    render(<JobProgress jobId={id} onFinished={(job) => ended.push(job)} />);

    const bar = await screen.findByRole('progressbar', { name: 'Fortschritt' }, wait);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Abgeschlossen')).toBeInTheDocument();
    expect(screen.getByText('5 von 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abbrechen' })).not.toBeInTheDocument();
    expect(ended.map((job) => job.state)).toEqual(['COMPLETED']);
  });

  it('shows a failed import with the server’s error', async () => {
    // A zip named .xlsx passes the upload's check; reading it as a workbook fails each attempt.
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...Array(60).fill(7)]);
    const id = await startImport('kaputt.xlsx', broken);
    await jobReaches(id, 'FAILED', 60_000);
    const { error } = (await runGraphql(JobState, { id })).job!;
    render(<JobProgress jobId={id} />);

    expect(await screen.findByText('Fehlgeschlagen', {}, wait)).toBeInTheDocument();
    // The reason in the reader's language (its message), the file library's cause as it is.
    expect(error).toMatch(/^The file could not be read: /);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Fehler: ${error!.replace('The file could not be read: ', 'Die Datei ließ sich nicht lesen: ')}`,
    );
  }, 90_000);

  it('cancels a running import after asking, and says so', async () => {
    // Large enough to be running still when the button is pressed (20,000 rows take about a second).
    const id = await startImport('gross.csv', clientsCsv(`Gross ${tag()}`, 100_000));
    render(<JobProgress jobId={id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }, wait));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Soll dieser Job wirklich abgebrochen werden?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    expect(await screen.findByText('Abgebrochen', {}, wait)).toBeInTheDocument();
    expect(toasts.messages()).toContain('Job abgebrochen');
    // The question closes, and a cancelled job offers no cancel.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Abbrechen' })).not.toBeInTheDocument(),
    );
    await jobReaches(id, 'CANCELLED');
  });

  it('says so when the job does not exist (or is someone else’s)', async () => {
    render(<JobProgress jobId="00000000-0000-4000-8000-000000000000" />);
    expect(
      await screen.findByText('Dieser Job wurde nicht gefunden.', {}, wait),
    ).toBeInTheDocument();
  });
});
