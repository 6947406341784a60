import { msg } from '@kontor/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/guards';
import { httpRefusal } from '../http/errors';
import { badFile, storeUpload, sweepUploads, UploadTooLarge } from './uploads';

/**
 * POST /spa/uploads: one file (field `file`, CSV or XLSX) streamed into the database; 201
 * `{id, name, size, type}`. Its own size limit (UPLOAD_MAX_MB), not the JSON body limit.
 * Old uploads are swept every hour (UPLOAD_RETENTION_HOURS).
 */
export default async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const { maxBytes, retentionMs } = app.config.uploads;
  // Registered in this plugin's scope only: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  app.post('/spa/uploads', { preHandler: requireUser }, async (request, reply) => {
    if (!request.isMultipart()) throw badFile('required', 'The file field is required.');
    const user = currentUser(request);
    let file;
    try {
      // One byte over the limit reaches storeUpload, which refuses it.
      file = await request.file({ limits: { fileSize: maxBytes + 1 } });
    } catch (error) {
      throw multipartError(error, maxBytes);
    }
    if (!file || file.fieldname !== 'file')
      throw badFile('required', 'The file field is required.');
    try {
      const content = file.file;
      const upload = await storeUpload(app.db, user.id, file.filename, content, maxBytes, () => {
        if (content.truncated) throw new UploadTooLarge(maxBytes);
      });
      return reply.code(201).send(upload);
    } catch (error) {
      file.file.resume(); // the rest of a refused file is read and dropped
      throw multipartError(error, maxBytes);
    }
  });

  const sweep = () =>
    void sweepUploads(app.db, retentionMs).catch((error: unknown) =>
      app.log.error({ err: error }, 'uploads: sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, Math.min(retentionMs, 3_600_000));
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The HTTP error of a failed upload: 413 over the limit, the field error, or as it is. */
function multipartError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (error instanceof UploadTooLarge || code === 'FST_REQ_FILE_TOO_LARGE')
    return httpRefusal(
      413,
      msg('uploads.tooLarge', { megabytes: Math.floor(maxBytes / 1024 / 1024) }),
      'file',
    );
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badFile('max', msg('uploads.oneFile'));
  return error;
}
