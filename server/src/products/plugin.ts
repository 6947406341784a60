import { msg } from '@kontor/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { requirePermission } from '../auth/guards';
import { recordChannel, RECORD_CHANGED_EVENT, type RecordChange } from '../graphql/record-changes';
import { rowId } from '../graphql/ids';
import { HttpError, httpRefusal } from '../http/errors';
import { exportRoutes } from '../lists/routes';
import { broadcast } from '../realtime/publish';
import { addProductImage, IMAGE_MAX_BYTES, imageContent, imageUrl } from './images';
import { productList } from './list';
import { productResolvers } from './resolvers';

/** Products: the area's GraphQL resolvers (its schema.graphql is read by convention), CSV export and image routes. */
async function productsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(productResolvers as IResolvers);
  exportRoutes(app, productList);
  // In a scope of its own: multipart bodies are parsed on the image upload only.
  await app.register(imageRoutes);
}

const tooLarge = () =>
  httpRefusal(
    413,
    msg('products.imageTooLarge', { megabytes: IMAGE_MAX_BYTES / 1024 / 1024 }),
    'file',
  );

/**
 * POST /spa/products/:id/images (product:update; multipart, one file in the field `file`,
 * JPEG/PNG/WebP by content, at most IMAGE_MAX_BYTES): 201 with the image. GET
 * /spa/products/:id/images/:imageId and …/thumbnail (product:view): the bytes.
 */
async function imageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post<{ Params: { id: string } }>(
    '/spa/products/:id/images',
    { preHandler: requirePermission('product:update') },
    async (request, reply) => {
      const productId = rowId(request.params.id, 'Product');
      if (!request.isMultipart())
        throw new HttpError(422, 'The file field is required.', {
          file: ['The file field is required.'],
        });
      let bytes: Buffer;
      let name: string;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') {
          file?.file.resume();
          throw new HttpError(422, 'The file field is required.', {
            file: ['The file field is required.'],
          });
        }
        bytes = await file.toBuffer();
        name = file.filename;
        if (file.file.truncated || bytes.length > IMAGE_MAX_BYTES) throw tooLarge();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw httpRefusal(422, msg('products.oneImage'), 'file');
        throw error;
      }
      const image = await addProductImage(app.db, productId, name, bytes);
      // The product's screens (other browsers too) reload its images.
      const data: RecordChange = { typename: 'Product', id: String(productId), change: 'updated' };
      broadcast(app.db, {
        channels: [recordChannel('product:view')],
        event: RECORD_CHANGED_EVENT,
        data,
      });
      return reply
        .code(201)
        .send({ ...image, url: imageUrl(image), thumbnailUrl: `${imageUrl(image)}/thumbnail` });
    },
  );

  for (const which of ['original', 'thumbnail'] as const) {
    app.get<{ Params: { id: string; imageId: string } }>(
      `/spa/products/:id/images/:imageId${which === 'thumbnail' ? '/thumbnail' : ''}`,
      { preHandler: requirePermission('product:view') },
      async (request, reply) => {
        const content = await imageContent(
          app.db,
          rowId(request.params.id, 'Product'),
          rowId(request.params.imageId, 'Image'),
          which,
        );
        if (!content) throw new HttpError(404, 'Image not found.');
        const filename = encodeURIComponent(content.name);
        return reply
          .header('content-type', content.contentType)
          .header('content-disposition', `inline; filename*=UTF-8''${filename}`)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(content.bytes);
      },
    );
  }
}

export default fp(productsPlugin, { name: 'kontor-products', dependencies: ['kontor-graphql'] });
