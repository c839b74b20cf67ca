import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { contentMessages } from '#shared/texts/content.ts';
import { errorMessage } from '../../api/client.ts';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { useSaveBlock } from './api.ts';

type Props = {
  section: string;
  label: string;
  initial: string;
  onSaved: () => void;
  onCancel: () => void;
};

/** The in-place editor of a block (admins only; its own chunk, so tiptap never reaches customers). */
export function ContentEditor({ section, label, initial, onSaved, onCancel }: Props) {
  const id = `content-editor-${useId().replace(/:/g, '')}`;
  const errorId = `${id}-error`;
  const [value, setValue] = useState(initial);
  const save = useSaveBlock(section);

  const submit = () => save.mutate(value, { onSuccess: onSaved });
  const error = save.isError ? errorMessage(save.error, contentMessages.saveError) : null;

  return (
    <div className="content-editor" onKeyDown={(event) => event.key === 'Escape' && !save.isPending && onCancel()}>
      <RichTextEditor autoFocus id={id} label={label} value={value} onChange={setValue} disabled={save.isPending} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
      {error && (
        <Alert variant="danger" id={errorId} className="mt-3 mb-0">
          {error}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="button" onClick={submit} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Guardar
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onCancel} disabled={save.isPending}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}
