import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ImageRef } from '#shared/schemas/catalog.ts';
import { describeField, FieldError, fieldId } from '../../../components/form/field.tsx';
import { serviceImageProblem } from './service-form-values.ts';
import BiTrashIcon from '~icons/bi/trash';

const previewUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The service's one image while the form is open: the current one (until removed), or a newly chosen file
 * with its preview. The preview's object URL is released when it is replaced or the form goes away.
 */
export function useServiceImage(current: ImageRef | null) {
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef<string>('');

  useEffect(() => () => revoke(latest.current), []);

  const replaceFile = (next: { file: File; url: string } | null) => {
    revoke(latest.current);
    latest.current = next?.url ?? '';
    setFile(next);
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const why = serviceImageProblem(chosen);
    setProblem(why ? `${chosen.name}: ${why}` : null);
    if (!why) replaceFile({ file: chosen, url: previewUrl(chosen) });
  };

  /** backoffice.md §2: the remove-image button leaves the service without an image. */
  const remove = () => {
    replaceFile(null);
    if (current) setRemoveCurrent(true);
    setProblem(null);
  };

  const shown = file ? { src: file.url, alt: `Pré-visualização de ${file.file.name}` } : current && !removeCurrent ? { src: current.src, alt: '' } : null;
  return { file: file?.file ?? null, removeCurrent: removeCurrent && !file, problem, setProblem, choose, remove, shown };
}

export type ServiceImage = ReturnType<typeof useServiceImage>;

/** backoffice.md §2: image (images only) with a preview at most 200 px high and a remove-image button. */
export function ServiceImageField({ image, serviceName, disabled }: { image: ServiceImage; serviceName: string; disabled: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { shown, problem } = image;

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Imagem</legend>
      {shown && (
        <figure className="mb-3">
          <img
            src={shown.src}
            alt={shown.alt || `Imagem atual de ${serviceName}`}
            className="rounded border d-block mw-100"
            style={{ maxHeight: 200, width: 'auto', objectFit: 'contain' }}
          />
          <Button
            variant="outline-danger"
            size="sm"
            className="mt-2"
            disabled={disabled}
            onClick={() => {
              image.remove();
              // The button goes away with the preview: the focus moves to the file input.
              inputRef.current?.focus();
            }}
          >
            <BiTrashIcon className="bi me-2" aria-hidden="true" />
            Remover imagem
          </Button>
        </figure>
      )}
      {!shown && <p className="small text-secondary">Sem imagem.</p>}
      <Form.Group>
        <Form.Label htmlFor={fieldId('service', 'image')}>{shown ? 'Substituir imagem' : 'Escolher imagem'}</Form.Label>
        <Form.Control
          ref={inputRef}
          id={fieldId('service', 'image')}
          type="file"
          accept="image/*"
          disabled={disabled}
          onChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            image.choose(input.files?.[0]);
            // Empty again, so the same file can be chosen after removing it.
            input.value = '';
          }}
          {...describeField(fieldId('service', 'image'), problem ?? undefined, 'service-image-help')}
        />
        <FieldError id={fieldId('service', 'image')} error={problem ?? undefined} />
        <Form.Text id="service-image-help">Opcional. JPG, PNG, GIF ou WebP, até 10{'\u00a0'}MB.</Form.Text>
      </Form.Group>
    </fieldset>
  );
}
