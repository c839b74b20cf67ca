import { type CSSProperties, type DragEvent, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MAX_IMAGE_BYTES, mediaMessages, mediaName } from '#shared/schemas/catalog.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { useUploadMedia } from './api.ts';
import BiCloudArrowUpIcon from '~icons/bi/cloud-arrow-up';
import BiExclamationTriangleIcon from '~icons/bi/exclamation-triangle';
import BiImageIcon from '~icons/bi/image';

// backoffice.md §2, §5, §8: a name first (no extension), then one image (JPG, PNG, GIF, SVG or WebP) chosen or
// dropped; only the first dropped file is sent.

export const uploadFailed = 'Erro ao carregar imagens. Por favor tente novamente.';
export const notUploaded = 'Imagens não carregadas. Por favor tente novamente.';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp'];
const EXTENSIONS = /\.(jpe?g|png|gif|svg|webp)$/i;

/** Why a file cannot go to the library, or null. Some systems give no type for SVG: the extension decides then. */
export function mediaFileProblem(file: File): string | null {
  if (file.type ? !ACCEPT.includes(file.type) : !EXTENSIONS.test(file.name)) return mediaMessages.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return mediaMessages.tooLarge;
  return null;
}

/** The server's message; without one, whether the server answered ('não carregadas') or not ('Erro ao carregar'). */
export function uploadErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0) return uploadFailed;
  return errorMessage(err, notUploaded);
}

/** The name as the server will keep it, or the message to show under the name input. */
export function checkMediaName(name: string): { name: string } | { error: string } {
  const parsed = mediaName.safeParse(name);
  return parsed.success ? { name: parsed.data } : { error: parsed.error.issues[0]?.message ?? mediaMessages.nameRequired };
}

type Props = {
  existingNames: readonly string[];
  /** Changes when something else on the tab happened since (a deletion): this form's last message is then old news. */
  resetKey?: number;
  /** A new upload starts: the tab's own last message is old news. */
  onSend?: () => void;
};

export function MediaUpload({ existingNames, resetKey = 0, onSend }: Props) {
  const upload = useUploadMedia();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Only the newest message of the tab shows: an old error never stays beside a later success.
  const [seenReset, setSeenReset] = useState(resetKey);
  if (seenReset !== resetKey) {
    setSeenReset(resetKey);
    setFailure(null);
    setSuccess(null);
  }
  const nameRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { name: `${id}-name`, nameHelp: `${id}-name-help`, nameError: `${id}-name-error`, replace: `${id}-replace` };

  const uploading = upload.isPending;
  const replaces = existingNames.some((existing) => existing.toLowerCase() === name.trim().toLowerCase()) && name.trim() !== '';

  /** The name comes first: without a valid one, say so and put the focus on it. */
  const validName = (): string | null => {
    const checked = checkMediaName(name);
    if ('error' in checked) {
      setNameError(checked.error);
      nameRef.current?.focus();
      return null;
    }
    setNameError(null);
    return checked.name;
  };

  const send = (file: File | undefined) => {
    setFailure(null);
    setSuccess(null);
    onSend?.();
    const checkedName = validName();
    if (!checkedName || uploading) return;
    if (!file) {
      setFailure(notUploaded);
      return;
    }
    const problem = mediaFileProblem(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    upload.mutate(
      { name: checkedName, file },
      {
        onSuccess: (image) => {
          setSuccess(`Imagem «${image.name}» carregada.`);
          setName('');
        },
        onError: (err) => setFailure(uploadErrorMessage(err)),
      },
    );
  };

  const nameInvalid = Boolean(nameError);
  const describedBy = [ids.nameHelp, replaces ? ids.replace : undefined, nameInvalid ? ids.nameError : undefined].filter(Boolean).join(' ');

  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Carregar imagem
        </h2>
        <Form noValidate onSubmit={(event) => event.preventDefault()}>
          <Form.Group className="mb-3" style={{ maxWidth: '24rem' }}>
            <Form.Label htmlFor={ids.name}>Nome da imagem</Form.Label>
            <Form.Control
              ref={nameRef}
              id={ids.name}
              type="text"
              autoComplete="off"
              maxLength={80}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (nameError) setNameError(null);
              }}
              disabled={uploading}
              isInvalid={nameInvalid}
              aria-invalid={nameInvalid}
              aria-describedby={describedBy}
            />
            {nameError && (
              <Form.Control.Feedback type="invalid" id={ids.nameError}>
                {nameError}
              </Form.Control.Feedback>
            )}
            <Form.Text id={ids.nameHelp} className="d-block">
              Sem extensão, por exemplo: Sobre
            </Form.Text>
            {replaces && (
              <Form.Text id={ids.replace} className="d-block text-warning-emphasis">
                <BiExclamationTriangleIcon className="bi me-1" aria-hidden="true" />
                Já existe uma imagem com este nome: será substituída.
              </Form.Text>
            )}
          </Form.Group>

          <MediaDropZone uploading={uploading} id={id} onFile={send} mayChoose={() => validName() !== null} />
        </Form>

        <div className="mt-3">
          {failure && (
            <Alert variant="danger" className="mb-0" dismissible onClose={() => setFailure(null)} closeLabel="Fechar">
              {failure}
            </Alert>
          )}
          {success && (
            <Alert variant="success" className="mb-0" dismissible onClose={() => setSuccess(null)} closeLabel="Fechar">
              {success}
            </Alert>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Where a file is dropped or chosen: a dashed zone with the real (visually hidden, focusable, labelled) file
 * input, its label drawn as a button. Only the first dropped file is sent (backoffice.md §2).
 */
type DropZoneProps = {
  uploading: boolean;
  /** The upload form's id, the prefix of the zone's own ids. */
  id: string;
  onFile: (file: File | undefined) => void;
  /** Whether the file dialog may open (the name comes first). */
  mayChoose: () => boolean;
};

function MediaDropZone({ uploading, id, onFile, mayChoose }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const [fileFocused, setFileFocused] = useState(false);
  const ids = { file: `${id}-file`, fileHelp: `${id}-file-help` };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
    if (!dragging) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    // Only the first dropped file is sent (backoffice.md §2).
    onFile(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`rounded-3 p-4 text-center border border-2 ${dragging ? 'border-primary bg-primary-subtle' : 'border-secondary-subtle bg-body'}`}
      style={{ '--bs-border-style': 'dashed' } as CSSProperties}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      {uploading ?
        <div role="status" className="py-2">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          A carregar a imagem...
        </div>
      : <>
          <BiCloudArrowUpIcon className="bi fs-1 text-secondary d-block" aria-hidden="true" />
          <p className="mb-2">Arraste uma imagem para aqui ou</p>
        </>
      }
      {/* The real file input: focusable and labelled; its label looks like a button. */}
      <input
        id={ids.file}
        type="file"
        className="visually-hidden"
        accept={ACCEPT.join(',')}
        disabled={uploading}
        aria-describedby={ids.fileHelp}
        onFocus={(event) => setFileFocused(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFileFocused(false)}
        onClick={(event) => {
          // The name comes first: the file dialog does not open without it.
          if (!mayChoose()) event.preventDefault();
        }}
        onChange={(event) => {
          const input = event.currentTarget;
          onFile(input.files?.[0]);
          input.value = '';
        }}
      />
      <label
        htmlFor={ids.file}
        className={`btn btn-primary${uploading ? ' disabled' : ''}`}
        style={fileFocused ? { outline: '2px solid var(--bs-emphasis-color, #000)', outlineOffset: 2 } : undefined}
      >
        <BiImageIcon className="bi me-2" aria-hidden="true" />
        Escolher imagem
      </label>
      <p id={ids.fileHelp} className="small text-secondary mt-2 mb-0">
        JPG, PNG, GIF, SVG ou WebP, até 10{"\u00a0"}MB. Um nome já usado substitui a imagem anterior.
      </p>
    </div>
  );
}
