import { Button, Callout, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import {
  DeleteProductImageDocument,
  ProductDocument,
  type ProductFieldsFragment,
} from '../graphql/generated';
import {
  getSocketId,
  graphqlProblem,
  HttpError,
  problemText,
  readXsrfToken,
  refusalText,
  showToast,
  useApolloClient,
  useConfirm,
  useMutation,
  useTranslation,
} from '../shared-session';

/** The server's limit (server/src/products/images.ts IMAGE_MAX_BYTES); the server checks anyway. */
const MAX_BYTES = 10 * 1024 * 1024;

/** POST /spa/products/:id/images with one file; throws HttpError with the server's answer. */
async function uploadImage(productId: string, file: File): Promise<void> {
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
  const response = await fetch(`/spa/products/${encodeURIComponent(productId)}/images`, {
    method: 'POST',
    headers,
    body,
    credentials: 'same-origin',
  });
  if (response.ok) return;
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const errors = (data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  throw new HttpError(response.status, data, errors);
}

/** The images tab: the thumbnails (each opens the original), upload, delete with confirmation. */
export function ImagesTab({ product }: { product: ProductFieldsFragment }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const [removeImage] = useMutation(DeleteProductImageDocument);
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const take = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem(t('warehouse:products.imageHint'));
      return;
    }
    setBusy(true);
    try {
      await uploadImage(String(product.id), file);
      await client.refetchQueries({ include: [ProductDocument] });
      showToast(t('warehouse:products.imageUploaded'), 'success');
    } catch (error) {
      // The server's reason in the user's language (too large, not an image …).
      setProblem(refusalText(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (image: ProductFieldsFragment['images'][number]) => {
    if (!(await confirm(t('warehouse:products.confirmDeleteImage', { name: image.name })))) return;
    try {
      await removeImage({ variables: { id: String(image.id) } });
      showToast(t('warehouse:products.imageDeleted'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  return (
    <div data-tab="images">
      {product.images.length === 0 ? (
        <Callout>{t('warehouse:products.noImages')}</Callout>
      ) : (
        <ul className="kontor-product-images" aria-label={t('warehouse:products.tabs.images')}>
          {product.images.map((image) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img src={image.thumbnailUrl} alt={image.name} loading="lazy" />
              </a>
              <span className="kontor-product-image-name">
                {image.name} · {image.width} × {image.height}
              </span>
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t('warehouse:products.deleteImage', { name: image.name })}
                title={t('warehouse:products.deleteImage', { name: image.name })}
                onClick={() => void remove(image)}
              />
            </li>
          ))}
        </ul>
      )}
      <FormGroup
        label={t('warehouse:products.uploadImage')}
        labelFor={inputId}
        helperText={problem ?? t('warehouse:products.imageHint')}
        intent={problem ? Intent.DANGER : Intent.NONE}
      >
        <input
          id={inputId}
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          onChange={(event) => void take(event.target.files?.[0])}
        />
        {busy ? <Spinner size={16} /> : null}
      </FormGroup>
      {dialog}
    </div>
  );
}
