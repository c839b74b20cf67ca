import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { formatDate } from '#shared/dates.ts';
import type { MediaImage } from '#shared/schemas/catalog.ts';
import { formatBytes } from './format-bytes.ts';
import BiTrashIcon from '~icons/bi/trash';
import BiCheckLgIcon from '~icons/bi/check-lg';
import BiClipboardIcon from '~icons/bi/clipboard';

/** The address to paste elsewhere: the API answers a path, made absolute on this site. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).href;

type Props = { images: readonly MediaImage[]; onDelete: (image: MediaImage) => void };

/** backoffice.md §2: each image with thumbnail, name, url (copy), dimensions, size and date; delete per image. */
export function MediaList({ images, onDelete }: Props) {
  const [copied, setCopied] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (image: MediaImage, input: HTMLInputElement | null) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(absoluteUrl(image.url));
      setCopied(image.id);
      setAnnouncement(`URL de ${image.name} copiado.`);
      timer.current = setTimeout(() => {
        setCopied(null);
        setAnnouncement('');
      }, 2000);
    } catch {
      // No clipboard (an insecure page, a refused permission): select the text to copy by hand.
      input?.focus();
      input?.select();
      setAnnouncement('Não foi possível copiar automaticamente: o URL está selecionado para copiar.');
    }
  };

  return (
    <>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 list-unstyled mb-0">
        {images.map((image) => (
          <li key={image.id} className="col">
            <Card className="h-100">
              <div className="ratio ratio-4x3 bg-body-tertiary rounded-top">
                <img src={image.thumbnail} alt="" loading="lazy" className="rounded-top" style={{ objectFit: 'contain' }} />
              </div>
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h3" className="h6 text-break">
                  {image.name}
                </Card.Title>
                <dl className="small mb-2 row gx-2">
                  <dt className="col-5 fw-normal text-secondary">Dimensões</dt>
                  <dd className="col-7 mb-1">
                    {image.width} × {image.height} px
                  </dd>
                  <dt className="col-5 fw-normal text-secondary">Tamanho</dt>
                  <dd className="col-7 mb-1">{formatBytes(image.size)}</dd>
                  <dt className="col-5 fw-normal text-secondary">Carregada em</dt>
                  <dd className="col-7 mb-1">
                    <time dateTime={image.createdAt}>{formatDate(image.createdAt)}</time>
                  </dd>
                </dl>
                <CopyUrl image={image} copied={copied === image.id} onCopy={copy} />
                <div className="mt-auto pt-3">
                  <Button size="sm" variant="outline-danger" onClick={() => onDelete(image)} aria-label={`Eliminar imagem ${image.name}`}>
                    <BiTrashIcon className="bi me-1" aria-hidden="true" />
                    Eliminar
                  </Button>
                </div>
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function CopyUrl({
  image,
  copied,
  onCopy,
}: {
  image: MediaImage;
  copied: boolean;
  onCopy: (image: MediaImage, input: HTMLInputElement | null) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = `media-url-${image.id}`;
  return (
    <div>
      <Form.Label htmlFor={id} className="small text-secondary mb-1">
        URL<span className="visually-hidden"> de {image.name}</span>
      </Form.Label>
      <InputGroup size="sm">
        <Form.Control ref={input} id={id} readOnly value={absoluteUrl(image.url)} onFocus={(e) => e.currentTarget.select()} />
        <Button
          variant={copied ? 'success' : 'outline-secondary'}
          onClick={() => void onCopy(image, input.current)}
          aria-label={`${copied ? 'Copiado' : 'Copiar'} URL de ${image.name}`}
        >
          {copied ? <BiCheckLgIcon className="bi me-1" aria-hidden="true" /> : <BiClipboardIcon className="bi me-1" aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </InputGroup>
    </div>
  );
}
