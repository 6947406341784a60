import { msg } from '@kontor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { permissionsOfRequest } from '../auth/guards';
import { notFound } from '../domain/errors';
import { languageOf } from '../domain/time-zone';
import { field } from '../domain/validation';
import { unauthorized } from '../http/errors';
import { publishedOnOwnChannels } from '../graphql/record-changes';
import { deliveryNotePdf, labelPdf } from './documents';
import { shipmentResolvers } from './resolvers';

// A shipment has no view permission of its own: what it changes is published instead.
publishedOnOwnChannels(
  'Shipment',
  'RecordChanged of its Order (order:view) and of its StockChanges (stock:view)',
);

/** preHandler: the packing station (shipment:create) or whoever reads orders (order:view). */
async function mayReadShipments(request: FastifyRequest): Promise<void> {
  const held = await permissionsOfRequest(request);
  if (!held.has('shipment:create') && !held.has('order:view')) throw unauthorized();
}

/** The `lang` a document's request asks for (German unless `en`). */
const langOf = (request: FastifyRequest) => (request.query as { lang?: unknown } | undefined)?.lang;

function sendPdf(reply: FastifyReply, pdf: { data: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdf.fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf.data);
}

/** The packing station: the area's GraphQL resolvers, the delivery note and the shipping labels. */
async function shipmentsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(shipmentResolvers as IResolvers);

  /** GET /spa/shipments/:id/delivery-note.pdf?lang= (shipment:create or order:view): 401 / 403 / 404. */
  app.get<{ Params: { id: string } }>(
    '/spa/shipments/:id/delivery-note.pdf',
    { preHandler: mayReadShipments },
    async (request, reply) => {
      const id = field.id('shipment').safeParse(request.params.id);
      if (!id.success) throw notFound(msg('notFound.shipment'));
      const pdf = await deliveryNotePdf(app.db, id.data, languageOf(langOf(request)));
      if (!pdf) throw notFound(msg('notFound.shipment'));
      return sendPdf(reply, pdf);
    },
  );

  /** GET /spa/shipments/packages/:id/label.pdf?lang= (shipment:create or order:view): 401 / 403 / 404. */
  app.get<{ Params: { id: string } }>(
    '/spa/shipments/packages/:id/label.pdf',
    { preHandler: mayReadShipments },
    async (request, reply) => {
      const id = field.id('package').safeParse(request.params.id);
      if (!id.success) throw notFound(msg('notFound.package'));
      const pdf = await labelPdf(app.db, id.data, languageOf(langOf(request)));
      if (!pdf) throw notFound(msg('notFound.package'));
      return sendPdf(reply, pdf);
    },
  );
}

export default fp(shipmentsPlugin, { name: 'kontor-shipments', dependencies: ['kontor-graphql'] });
