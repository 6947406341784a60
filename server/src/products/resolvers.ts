import { z } from 'zod';
import { clientLoaders } from '../clients/loaders';
import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { inputId, rowId } from '../graphql/ids';
import { deleteProductImage, imageLoaders, imageUrl } from './images';
import {
  createProduct,
  deleteProduct,
  findProduct,
  listProducts,
  optionalClientId,
  productsByEan,
  updateProduct,
} from './products';
import { adrPoints, productInput } from './rules';

/** ProductInput: the product's rules plus its client. */
const productWithClient = z
  .object({ clientId: inputId('client') })
  .and(productInput)
  .transform(({ clientId, ...product }) => ({ ...product, clientId }));

/** Products: product:view/create/update/delete. */
export const productResolvers: Resolvers = {
  Query: {
    products: async (_, args, context) => {
      return listProducts(context.db, args.page, args.sortBy ?? 'SKU', args.filter);
    },
    product: async (_, args, context) => {
      return (await findProduct(context.db, rowId(args.id, 'Product'))) ?? null;
    },
    productByEan: async (_, args, context) => {
      const { clientId, ean } = parse(
        z.object({ clientId: optionalClientId, ean: z.string().max(64) }),
        { clientId: args.clientId, ean: args.ean },
      );
      return productsByEan(context.db, ean, clientId);
    },
  },
  Mutation: {
    createProduct: async (_, args, context) => {
      return createProduct(context.db, parse(productWithClient, args.input));
    },
    updateProduct: async (_, args, context) => {
      const id = rowId(args.id, 'Product');
      return updateProduct(context.db, id, args.version, parse(productWithClient, args.input));
    },
    deleteProduct: async (_, args, context) => {
      await deleteProduct(context.db, rowId(args.id, 'Product'));
      return { id: args.id };
    },
    deleteProductImage: async (_, args, context) => {
      const productId = await deleteProductImage(context.db, rowId(args.id, 'Image'));
      const product = await findProduct(context.db, productId);
      if (!product) throw new Error(`image ${args.id}'s product vanished`);
      return product;
    },
  },
  Product: {
    client: async (product, _, context) => {
      const client = await clientLoaders(context).client.load(product.clientId);
      if (!client) throw new Error(`product ${product.id} has no client`);
      return client;
    },
    priceNet: (product) => product.priceNetCents / 100,
    priceGross: (product) => product.priceGrossCents / 100,
    images: (product, _, context) => imageLoaders(context).images.load(product.id),
  },
  Hazmat: {
    adrPointsPerUnit: (hazmat) => adrPoints(hazmat.factor, 1),
  },
  ProductImage: {
    url: (image) => imageUrl(image),
    thumbnailUrl: (image) => `${imageUrl(image)}/thumbnail`,
  },
};
