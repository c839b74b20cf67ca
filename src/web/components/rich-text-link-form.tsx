import type { Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/** The schemes the server's sanitiser keeps on a link (tel: is kept there but not offered here). */
const linkPattern = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;
export const linkMessage = 'Indica um endereço que comece por http://, https:// ou mailto:.';

export function isAllowedLink(url: string): boolean {
  return linkPattern.test(url.trim());
}

export /** The URL prompt of the link button: an inline field, so it is labelled, checkable and keyboard friendly. */
function LinkForm({ editor, active, onClose }: { editor: Editor; active: boolean; onClose: () => void }) {
  const fieldId = useId();
  const [url, setUrl] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function apply() {
    const href = url.trim();
    if (!isAllowedLink(href)) {
      setError(linkMessage);
      inputRef.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !active) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  function cancel() {
    onClose();
    editor.commands.focus();
  }

  return (
    <div className="rich-text-editor__link" role="group" aria-label="Ligação">
      <Form.Label htmlFor={fieldId} className="mb-1">Endereço da ligação</Form.Label>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          ref={inputRef}
          id={fieldId}
          type="url"
          inputMode="url"
          maxLength={2000}
          value={url}
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              cancel();
            }
          }}
          className="rich-text-editor__link-input"
        />
        <Button type="button" size="sm" onClick={apply}>Aplicar</Button>
        {active && <Button type="button" size="sm" variant="outline-danger" onClick={remove}>Remover ligação</Button>}
        <Button type="button" size="sm" variant="outline-secondary" onClick={cancel}>Cancelar</Button>
      </div>
      {error && <div id={`${fieldId}-error`} className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
