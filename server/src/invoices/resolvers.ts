import { msg } from '@kontor/contracts';
import { findClient } from '../clients/clients';
import { notFound } from '../domain/errors';
import { actingUser } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { startInvoiceExport } from './job';
import {
  invoiceSummary,
  parseExport,
  parsePeriod,
  unknownClient,
  type InvoiceSums,
} from './invoices';

const eur = (cents: number) => cents / 100;
const money = {
  net: (sums: InvoiceSums) => eur(sums.netCents),
  vat: (sums: InvoiceSums) => eur(sums.vatCents),
  gross: (sums: InvoiceSums) => eur(sums.grossCents),
};

/** The invoice export (invoice:export, checked by the schema's @allow). */
export const invoiceResolvers: Resolvers = {
  Query: {
    invoiceExportPreview: async (_, args, context) => invoiceSummary(context.db, parsePeriod(args)),
  },
  Mutation: {
    exportInvoices: async (_, args, context) => {
      const { lang, ...period } = parseExport(args, 'de');
      const user = actingUser(context);
      // The client must exist (a field error on clientId, before anything is queued).
      if (!(await findClient(context.db, period.clientId))) throw unknownClient();
      return startInvoiceExport(context.db, period, lang, user.id);
    },
  },
  InvoiceExportPreview: {
    client: async (summary, _, context) => {
      const client = await findClient(context.db, summary.clientId);
      if (!client) throw notFound(msg('notFound.client'));
      return client;
    },
    ...money,
  },
  InvoiceDepartmentTotal: { name: (sums) => sums.department, ...money },
  InvoiceRateTotal: money,
};
