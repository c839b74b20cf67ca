import './content.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { contentMessages } from '#shared/texts/content.ts';
import { useSession } from '../../session/session.tsx';
import { blockQueryOptions } from './api.ts';
import { useFlashMessage } from '../../components/use-timers.ts';
import BiCheckCircleIcon from '~icons/bi/check-circle';
import BiPencilIcon from '~icons/bi/pencil';

// Only an admin who presses "Editar conteúdo" downloads the editor (and tiptap with it).
const ContentEditor = lazy(async () => ({ default: (await import('./content-editor.tsx')).ContentEditor }));


type Props = {
  section: string;
  /** What the block is, for the editor's label ('Texto de boas-vindas'). */
  label: string;
  className?: string;
};

/**
 * A block of the site's text (backoffice.md §2 "Editable content blocks"): everyone sees the HTML the server
 * sanitised; a block nobody wrote shows nothing to visitors and an invitation to write it to admins.
 */
export function EditableContent({ section, label, className }: Props) {
  const session = useSession();
  const isAdmin = Boolean(session.user?.isAdmin);
  const block = useQuery(blockQueryOptions(section));
  const [editing, setEditing] = useState(false);
  const saved = useFlashMessage();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = (didSave: boolean) => {
    returnFocus.current = true;
    setEditing(false);
    if (didSave) saved.show(contentMessages.saved);
  };

  const value = block.data ?? '';
  const classes = ['editable-content', className].filter(Boolean).join(' ');

  if (block.isPending) {
    return (
      <div className={classes} aria-busy="true">
        <Spinner animation="border" size="sm" role="status" className="text-secondary">
          <span className="visually-hidden">A carregar...</span>
        </Spinner>
      </div>
    );
  }

  if (block.isError) {
    return (
      <div className={classes}>
        <p className="text-danger mb-2" role="alert">
          {contentMessages.loadError}
        </p>
        <Button variant="outline-secondary" size="sm" onClick={() => void block.refetch()} disabled={block.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  if (!isAdmin) {
    return value ? <div className={`${classes} content-html`} dangerouslySetInnerHTML={{ __html: value }} /> : null;
  }

  return (
    <div className={`${classes} editable-content--admin`}>
      {editing ?
        <Suspense
          fallback={
            <div className="py-3" role="status">
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              A abrir o editor...
            </div>
          }
        >
          <ContentEditor section={section} label={label} initial={value} onSaved={() => close(true)} onCancel={() => close(false)} />
        </Suspense>
      : <>
          {value ?
            <div className="content-html" dangerouslySetInnerHTML={{ __html: value }} />
          : <p className="editable-content__empty text-secondary mb-0">Este bloco ainda não tem conteúdo. Escreva-o aqui; os visitantes não veem nada até o guardar.</p>}
          <Button ref={editButton} variant="outline-primary" size="sm" className="mt-3" onClick={() => setEditing(true)}>
            <BiPencilIcon className="bi me-2" aria-hidden="true" />
            Editar conteúdo
            <span className="visually-hidden">: {label}</span>
          </Button>
        </>
      }
      <p className="editable-content__status small text-success mb-0" role="status">
        {saved.message && !editing && (
          <>
            <BiCheckCircleIcon className="bi me-1" aria-hidden="true" />
            {saved.message}
          </>
        )}
      </p>
    </div>
  );
}
