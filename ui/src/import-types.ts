import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { PickerQuery } from './record-picker';

// The types of a file import's page (import-page.tsx) and the documents it runs.

/** The preview the server reads from an upload: columns (with the guessed field), first rows. */
export interface ImportPreview {
  uploadId: string;
  fileName: string;
  columns: readonly { index: number; header: string; field: string | null }[];
  rows: readonly (readonly string[])[];
  fields: readonly { key: string; de: string; en: string; required: boolean }[];
}

/** A problem of a rejected row: where (row, column or field), what (value) and why (rule). */
export interface ImportRejected {
  row: number;
  /** The SKU the row names (imports of products and of lines with products). */
  sku?: string | null;
  field: string;
  column: string | null;
  value: string | null;
  reason: string;
  /** The reason as a message (import.rule.<rule> named by the column …; `stored`: reason). */
  text?: { key: string; params?: string | null; text: string } | null;
  rule: string;
  params: Record<string, unknown> | null;
}

/**
 * An ended import's result (`updated` or `unchanged` as the import counts them): the file's
 * rows, the rows rejected and the problems apart (3 rejected rows may have 4 problems).
 */
export interface ImportResult {
  /** The file's data rows (null: a report from before rows were counted). */
  rows?: number | null;
  created: number;
  updated?: number | null;
  unchanged?: number | null;
  /** Rows rejected, each once (null: a report from before; rejectedTotal then). */
  rejectedRows?: number | null;
  /** Problems found in all. */
  rejectedTotal: number;
  rejected: readonly ImportRejected[];
}

/** What to do with bad rows: write nothing, or write the good rows (or records) only. */
export type ImportMode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** The variables every import mutation takes; the pickers' ids come on top. */
export interface ImportVariables {
  uploadId: string;
  mode: ImportMode;
  mapping: { column: number; field: string | null }[];
}

/** An import mutation's variables as codegen writes them (its mapping type is its own). */
export type StartVariables = { uploadId: string; mode: string; mapping: unknown };

/** A record the import goes to, chosen by a search picker (`name` is the mutation's variable). */
export interface ImportPicker<Name extends string = string> {
  name: Name;
  label: string;
  query: PickerQuery;
}

export interface ImportPageProps<Variables extends StartVariables> {
  /** The page's title (its heading). */
  title: string;
  /**
   * The prefix of the page's own texts (`warehouse:productImport`): `help`, `goodRows` (the
   * mode's label), `summary` (with importSummary's rows, created, updated, unchanged,
   * rejected — rows — and errors — problems), `toList`, and
   * `unchangedHint` if the import has one (shown when records were left unchanged).
   */
  texts: string;
  /** Where "to the list" leads. */
  list: string;
  /** The preview of an upload: one field answering an ImportPreview. */
  preview: TypedDocumentNode<Record<string, ImportPreview>, { uploadId: string }>;
  /** The mutation that starts the import: one field answering the job. */
  start: TypedDocumentNode<Record<string, { id: string }>, Variables>;
  /** The ended job's report. */
  report: TypedDocumentNode<{ job: { result: ImportResult | null } | null }, { id: string }>;
  /** The records the import goes to, in the form's order (all required). */
  pickers: ImportPicker<Exclude<keyof Variables, keyof StartVariables> & string>[];
  /** The prefix of the import's own rules' texts (`warehouse:products.rules`), if it has one. */
  ownRules?: string;
  /** A field's name in the user's language (the record form's label); the key itself if none. */
  fieldLabel?: (field: string) => string;
}

/** The one field a preview or start operation answers (whatever the import calls it). */
export function answer<T>(data: Record<string, T>): T | undefined {
  return Object.entries(data).find(([key]) => key !== '__typename')?.[1];
}
