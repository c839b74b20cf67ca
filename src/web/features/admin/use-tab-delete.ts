import type { UseMutationResult } from '@tanstack/react-query';
import { useConfirmDelete } from '../../components/use-confirm-delete.ts';

type Options<Item, Key> = {
  keyOf: (item: Item) => Key;
  /** The modal's message when the delete fails and the server gives none. */
  failed: string | (() => string);
  /** The tab's notice when the server's answer says nothing. */
  deleted: string;
  setNotice: (notice: string | null) => void;
  /** After the notice (a paged list steps back from a page it emptied). */
  then?: () => void;
};

/** A tab's delete: asking hides the tab's last notice; once done, the notice says so in the server's words. */
export function useTabDelete<Item, Key>(remove: UseMutationResult<{ message?: string } | undefined, Error, Key>, options: Options<Item, Key>) {
  const { keyOf, failed, deleted, setNotice, then } = options;
  return useConfirmDelete<Item, Key, { message?: string } | undefined>(remove, {
    keyOf,
    failed,
    onAsk: () => setNotice(null),
    onDeleted: (answer) => {
      setNotice(answer?.message || deleted);
      then?.();
    },
  });
}
