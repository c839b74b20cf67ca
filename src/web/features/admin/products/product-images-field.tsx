import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { catalogMessages, type ImageRef, MAX_PRODUCT_IMAGES } from '#shared/schemas/catalog.ts';
import { formatBytes } from '../media/format-bytes.ts';
import { describeField, FieldError, fieldId } from '../../../components/form/field.tsx';
import { PRODUCT_IMAGE_TYPES, productImageProblem } from './product-form-values.ts';
import BiImageIcon from '~icons/bi/image';

export type NewImage = { key: string; file: File; url: string };

const previewUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The images of the product being edited: existing ones marked for removal (undo possible) and new files
 * chosen to upload (each can be dropped before saving). Object URLs of the previews are released.
 */
export function useProductImages(existing: readonly ImageRef[]) {
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const [added, setAdded] = useState<readonly NewImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) revoke(url);
      owned.clear();
    };
  }, []);

  const kept = existing.filter((image) => !removed.has(image.id)).length;
  const total = kept + added.length;

  const toggleRemove = (id: number) => {
    setProblem(null);
    setRemoved((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  /** Accepts the files that are images within the limits; says why the others were left out. */
  const add = (files: readonly File[]) => {
    const problems: string[] = [];
    const accepted: NewImage[] = [];
    let room = MAX_PRODUCT_IMAGES - total;
    for (const file of files) {
      const why = productImageProblem(file);
      if (why) problems.push(`${file.name}: ${why}`);
      else if (room <= 0) {
        if (!problems.includes(catalogMessages.tooManyImages)) problems.push(catalogMessages.tooManyImages);
      } else {
        room--;
        const url = previewUrl(file);
        if (url) urls.current.add(url);
        accepted.push({ key: `new-${nextKey.current++}`, file, url });
      }
    }
    setAdded((current) => [...current, ...accepted]);
    setProblem(problems.length ? problems.join(' ') : null);
  };

  const drop = (key: string) => {
    setProblem(null);
    setAdded((current) => {
      const gone = current.find((image) => image.key === key);
      if (gone) {
        revoke(gone.url);
        urls.current.delete(gone.url);
      }
      return current.filter((image) => image.key !== key);
    });
  };

  return { removed, added, problem, setProblem, toggleRemove, add, drop, total };
}

export type ProductImages = ReturnType<typeof useProductImages>;

type Props = { existing: readonly ImageRef[]; productName: string; images: ProductImages };

/** backoffice.md §2: image upload with removal of existing images. */
export function ProductImagesField({ existing, productName, images }: Props) {
  const { removed, added, problem, toggleRemove, add, drop, total } = images;
  const inputRef = useRef<HTMLInputElement>(null);

  const dropNew = (key: string) => {
    drop(key);
    // The removed preview took the focus with it: hand it to the file input.
    inputRef.current?.focus();
  };

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Imagens</legend>

      {existing.length > 0 && (
        <>
          <p className="fw-semibold small mb-2">Imagens atuais</p>
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-3">
            {existing.map((image, index) => {
              const marked = removed.has(image.id);
              const id = `product-image-remove-${image.id}`;
              return (
                <li key={image.id} className="border rounded p-2 text-center" style={{ width: '8.5rem' }}>
                  <img
                    src={image.thumbnail}
                    alt={`Imagem ${index + 1} de ${productName}`}
                    width={112}
                    height={112}
                    className="rounded mb-2"
                    style={{ objectFit: 'cover', opacity: marked ? 0.35 : 1 }}
                    loading="lazy"
                  />
                  <Form.Check
                    type="checkbox"
                    id={id}
                    checked={marked}
                    onChange={() => toggleRemove(image.id)}
                    className="text-start small"
                    label={
                      <>
                        Remover<span className="visually-hidden"> imagem {index + 1}</span>
                      </>
                    }
                  />
                  {marked && <span className="badge text-bg-warning text-wrap d-inline-block">Será removida ao guardar</span>}
                </li>
              );
            })}
          </ul>
        </>
      )}

      <Form.Group className="mb-2">
        <Form.Label htmlFor={fieldId('product', 'images')}>Adicionar imagens</Form.Label>
        <Form.Control
          ref={inputRef}
          id={fieldId('product', 'images')}
          type="file"
          multiple
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          onChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            add(Array.from(input.files ?? []));
            // Empty again, so the same file can be chosen after dropping it.
            input.value = '';
          }}
          {...describeField(fieldId('product', 'images'), problem ?? undefined, 'product-images-help')}
        />
        <FieldError id={fieldId('product', 'images')} error={problem ?? undefined} />
        <Form.Text id="product-images-help">
          JPG, PNG, GIF ou WebP, até 10{"\u00a0"}MB cada; no máximo {MAX_PRODUCT_IMAGES} imagens por produto ({total} de {MAX_PRODUCT_IMAGES}).
        </Form.Text>
      </Form.Group>

      {added.length > 0 && (
        <>
          <p className="fw-semibold small mt-3 mb-2">Novas imagens (enviadas ao guardar)</p>
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
            {added.map(({ key, file, url }) => (
              <li key={key} className="border rounded p-2 text-center" style={{ width: '8.5rem' }}>
                {url ?
                  <img src={url} alt={`Pré-visualização de ${file.name}`} width={112} height={112} className="rounded mb-2" style={{ objectFit: 'cover' }} />
                : <BiImageIcon className="bi fs-1 d-block text-secondary" aria-hidden="true" />}
                <span className="d-block small text-truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="d-block small text-secondary mb-1">{formatBytes(file.size)}</span>
                <Button variant="outline-danger" size="sm" onClick={() => dropNew(key)} aria-label={`Retirar ${file.name}`}>
                  Retirar
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
