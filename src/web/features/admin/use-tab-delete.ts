import type { UseMutationResult } from '@tanstack/react-query';
import { useConfirmDelete } from '../../components/use-confirm-delete.ts';

type KeyOf<Item, Key> = (item: Item) => Key;

type Options<Item, Key> = {
  /** The modal's message when the delete fails and the server gives none. */
  failed: string | (() => string);
  /** The tab's notice when the server's answer says nothing. */
  deleted: string;
  setNotice: (notice: string | null) => void;
  /** A paged list: the rows on the page shown, that page and how to go to another. */
  paged?: { rows: number | undefined; page: number; setPage: (page: number) => void };
  /** After the notice. */
  then?: () => void;
} & (Item extends { id: Key } ? { /** What the delete call takes: the record's id unless said. */ keyOf?: KeyOf<Item, Key> } : { keyOf: KeyOf<Item, Key> });

/** A tab's delete: asking hides the tab's last notice; once done, the notice says so in the server's words. */
export function useTabDelete<Item, Key>(remove: UseMutationResult<{ message?: string } | undefined, Error, Key>, options: Options<Item, Key>) {
  const { failed, deleted, setNotice, paged, then } = options;
  const keyOf = (options as { keyOf?: KeyOf<Item, Key> }).keyOf ?? ((item: Item) => (item as Item & { id: Key }).id);
  return useConfirmDelete<Item, Key, { message?: string } | undefined>(remove, {
    keyOf,
    failed,
    onAsk: () => setNotice(null),
    onDeleted: (answer) => {
      setNotice(answer?.message || deleted);
      // The last row of the last page: show the page before it.
      if (paged && paged.rows === 1 && paged.page > 1) paged.setPage(paged.page - 1);
      then?.();
    },
  });
}
