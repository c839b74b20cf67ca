import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import type { ConfirmDeleteState } from './confirm-delete-modal.tsx';

type Options<Item, Key, Answer> = {
  /** What the delete mutation takes (an id, an e-mail). */
  keyOf: (item: Item) => Key;
  /** The message when the server gives none, or the one text to show whatever the server says. */
  failed: string | (() => string);
  /** Runs when the admin asks (a tab hides its last notice). */
  onAsk?: () => void;
  onDeleted: (answer: Answer, item: Item) => void;
};

/**
 * The delete confirmation of an admin tab or form (or the address book): which record is asked about, the modal's state, and the
 * delete itself. The record is kept until the modal has faded out, so its question does not go blank.
 */
export function useConfirmDelete<Item, Key, Answer>(
  remove: UseMutationResult<Answer, Error, Key>,
  { keyOf, failed, onAsk, onDeleted }: Options<Item, Key, Answer>,
) {
  const [target, setTarget] = useState<Item | null>(null);
  const [show, setShow] = useState(false);

  const ask = (item: Item) => {
    remove.reset();
    onAsk?.();
    setTarget(item);
    setShow(true);
  };

  const onConfirm = () => {
    if (target === null) return;
    remove.mutate(keyOf(target), {
      onSuccess: (answer) => {
        setShow(false);
        onDeleted(answer, target);
      },
    });
  };

  const error = !remove.isError ? null : typeof failed === 'string' ? errorMessage(remove.error, failed) : failed();
  const modal: ConfirmDeleteState = {
    show,
    deleting: remove.isPending,
    error,
    onConfirm,
    onCancel: () => setShow(false),
    onExited: () => setTarget(null),
  };
  return { target, ask, modal };
}
