import { FormGroup, Icon, Intent, Spinner, Tag } from '@blueprintjs/core';
import {
  format,
  getSocketId,
  HttpError,
  i18n,
  readXsrfToken,
  useTranslation,
} from '@kontor/shared-session';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { errorText } from './forms';
import { problemText, serverProblem } from './server-problem';
import './job-progress-i18n';
import './job-progress.css';

// The upload field of the import screens: drop a file or choose one (click, Enter or Space),
// an early check of its type and size in the browser, then `POST /spa/uploads`. The server
// decides (it checks the content): its refusal shows on the field.

/** A stored upload, as `POST /spa/uploads` answers (201). */
export interface Upload {
  id: string;
  name: string;
  size: number;
  type: 'csv' | 'xlsx';
}

/** The file types the field takes, by extension, with their MIME types for the chooser. */
const TYPES = {
  csv: ['.csv', 'text/csv'],
  xlsx: ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const;

type FileType = keyof typeof TYPES;

/** A size for people: '812 KB', '12,4 MB' (in the page's language). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = format.number(value, digits);
  return `${number} ${units[unit]}`;
}

/**
 * Sends one file to `POST /spa/uploads` (multipart, field `file`) with the session's
 * anti-forgery token; resolves with the stored upload, throws shared-session's HttpError
 * (413 too large, 422 with the field error on `file`).
 */
export async function uploadFile(file: File): Promise<Upload> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const xsrf = readXsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const socketId = getSocketId();
  if (socketId) headers['X-Socket-Id'] = socketId;
  const response = await fetch('/spa/uploads', {
    method: 'POST',
    headers,
    body,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const errors = (data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    throw new HttpError(response.status, data, typeof errors === 'object' ? errors : {});
  }
  return data as Upload;
}

/** What the browser can tell before asking: the type by name, empty, too large. */
function earlyProblem(file: File, types: readonly FileType[], maxBytes: number): string | null {
  const name = file.name.toLowerCase();
  if (!types.some((type) => name.endsWith(TYPES[type][0]))) return i18n.t('ui:rules.mimes');
  if (file.size === 0) return i18n.t('ui:rules.empty');
  if (file.size > maxBytes) return i18n.t('ui:upload.tooLarge', { max: formatFileSize(maxBytes) });
  return null;
}

/** The field's text of a refused upload. */
function uploadProblem(error: unknown, maxBytes: number): string {
  if ((error as { status?: number }).status === 413)
    return i18n.t('ui:upload.tooLarge', { max: formatFileSize(maxBytes) });
  const problem = serverProblem(error);
  return errorText(problem.fields.file) ?? problemText(problem);
}

type Status =
  | { kind: 'empty' }
  | { kind: 'uploading'; file: File }
  | { kind: 'uploaded'; upload: Upload }
  | { kind: 'refused'; file: File | null; message: string };

/**
 * A file field: drop a file onto it or choose one (click, Enter, Space); it shows the file's
 * name and size, checks type and size early, uploads at once and calls `onUploaded` with the
 * stored upload (or null when the file was refused or is being replaced). `maxBytes` is the
 * server's limit as far as the page knows it (the server checks anyway).
 */
export function UploadField({
  label,
  types = ['csv', 'xlsx'],
  maxBytes = 50 * 1024 * 1024,
  onUploaded,
  disabled = false,
}: {
  label: string;
  types?: readonly FileType[];
  maxBytes?: number;
  onUploaded: (upload: Upload | null) => void;
  disabled?: boolean;
}) {
  useTranslation('ui');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'empty' });
  const [over, setOver] = useState(false);
  const busy = status.kind === 'uploading';
  const locked = disabled || busy;

  const take = async (file: File | undefined) => {
    if (!file || locked) return;
    onUploaded(null);
    const early = earlyProblem(file, types, maxBytes);
    if (early) {
      setStatus({ kind: 'refused', file, message: early });
      return;
    }
    setStatus({ kind: 'uploading', file });
    try {
      const upload = await uploadFile(file);
      setStatus({ kind: 'uploaded', upload });
      onUploaded(upload);
    } catch (error) {
      setStatus({ kind: 'refused', file, message: uploadProblem(error, maxBytes) });
    }
  };

  const choose = () => {
    if (!locked) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  const typeNames = types.map((type) => type.toUpperCase()).join(', ');
  const hint = i18n.t('ui:upload.hint', { types: typeNames, max: formatFileSize(maxBytes) });
  const error = status.kind === 'refused' ? status.message : null;
  const file =
    status.kind === 'uploaded'
      ? { name: status.upload.name, size: status.upload.size }
      : status.kind === 'empty' || !status.file
        ? null
        : { name: status.file.name, size: status.file.size };

  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={error ?? hint}
      intent={error ? Intent.DANGER : Intent.NONE}
      className="kontor-upload-field"
    >
      <div
        role="button"
        tabIndex={locked ? -1 : 0}
        aria-disabled={locked}
        aria-describedby={`${id}-status`}
        className={[
          'kontor-upload-drop',
          over ? 'kontor-upload-drop--over' : '',
          error ? 'kontor-upload-drop--error' : '',
          busy ? 'kontor-upload-drop--busy' : '',
        ].join(' ')}
        onClick={choose}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {busy ? (
          <Spinner size={32} />
        ) : (
          <Icon icon={file && !error ? 'document' : 'upload'} size={32} />
        )}
        <span className="kontor-upload-title">
          {file ? i18n.t('ui:upload.replace') : i18n.t('ui:upload.drop')}
        </span>
        <span id={`${id}-status`} className="kontor-upload-file" aria-live="polite">
          {file ? (
            <>
              <strong>{file.name}</strong>
              <span className="bp6-text-muted">{formatFileSize(file.size)}</span>
              {busy ? <Tag minimal>{i18n.t('ui:upload.uploading')}</Tag> : null}
              {status.kind === 'uploaded' ? (
                <Tag minimal intent={Intent.SUCCESS} icon="tick">
                  {i18n.t('ui:upload.uploaded')}
                </Tag>
              ) : null}
            </>
          ) : null}
        </span>
        {!file ? (
          // Looks like a button; the whole zone is the one control (no button in a button).
          <span className="bp6-button bp6-outlined" aria-hidden="true">
            <Icon icon="folder-open" />
            <span className="bp6-button-text">{i18n.t('ui:upload.choose')}</span>
          </span>
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        tabIndex={-1}
        className="kontor-upload-input"
        accept={types.flatMap((type) => TYPES[type]).join(',')}
        disabled={locked}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file chosen again must fire change again.
          event.target.value = '';
          void take(chosen);
        }}
      />
    </FormGroup>
  );
}
