import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '../../api/client.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { MessageAlert } from '../../components/message-alert.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.ts';
import { tabTitle } from './admin-tabs.ts';
import { nounWords, type RecordNoun } from './record-noun.ts';

/** What a tab's rows may do: open a record in the form, ask to delete it, and say how an action of its own went. */
export type InlineRowActions<Item> = {
  edit: (item: Item) => void;
  remove: (item: Item) => void;
  setNotice: (notice: string | null) => void;
  setFailure: (failure: string | null) => void;
};

type Props<Item extends { id: number }, Data> = {
  /** The tab's list, as `useQuery` gives it. */
  list: UseQueryResult<Data>;
  /** The records' name: the heading (their tab's), the loading line, «Novo …», the delete's title and failure. */
  noun: RecordNoun;
  intro: ReactNode;
  /** The form for a record (null: a new one); `onDone` closes it with the notice to show ('' for none). */
  form: (item: Item | null, onDone: (message: string) => void) => ReactNode;
  deletion: {
    mutation: UseMutationResult<{ message: string }, Error, number>;
    question: (item: Item | null) => string;
  };
  /** The list of records. */
  children: (data: Data, actions: InlineRowActions<Item>) => ReactNode;
};

/**
 * A back-office tab whose records are few and edited in place (shipping methods, discount codes): the list,
 * a «Novo …» button, the form in a card above the list, a success notice after a save or delete, and the
 * confirmation before a delete.
 */
export function InlineEditorTab<Item extends { id: number }, Data>({ list, noun, intro, form, deletion, children }: Props<Item, Data>) {
  const words = nounWords(noun);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useConfirmDelete(deletion.mutation, {
    keyOf: (item: Item) => item.id,
    failed: words.removeError,
    onAsk: () => setNotice(null),
    onDeleted: (answer) => setNotice(answer.message),
  });

  if (list.isPending) return <PageSpinner label={words.loadingMany} />;
  if (list.isError) return <RetryAlert message={errorMessage(list.error, words.loadManyError)} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  const done = (message: string) => {
    setEditing(null);
    setNotice(message || null);
  };
  const edit = (item: Item) => {
    setNotice(null);
    setEditing(item);
  };
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0">{tabTitle(noun.list)}</h2>
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          {words.create}
        </Button>
      </div>
      <p className="small text-secondary">{intro}</p>
      <MessageAlert message={notice} variant="success" className="mb-3" />
      <MessageAlert message={failure} variant="danger" className="mb-3" />
      {editing !== null && (
        <Card className="mb-4 shadow-sm">
          <Card.Body>
            {/* A fresh form per record, so its default values are this record's. */}
            <Fragment key={editing === 'new' ? 'new' : editing.id}>{form(editing === 'new' ? null : editing, done)}</Fragment>
          </Card.Body>
        </Card>
      )}
      {children(list.data, { edit, remove: confirm.ask, setNotice, setFailure })}
      <ConfirmDeleteModal {...confirm.modal} title={words.remove} question={deletion.question(confirm.target)} />
    </>
  );
}

/** A row's «Editar» and «Eliminar», each naming the record for a screen reader. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="sm" variant="outline-primary" className="me-2" onClick={onEdit}>
        Editar<span className="visually-hidden"> {name}</span>
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDelete}>
        Eliminar<span className="visually-hidden"> {name}</span>
      </Button>
    </>
  );
}
