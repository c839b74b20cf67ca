import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

type Options = {
  /** Which server names land on the form, and where: a list of paths, or a function giving the path (or nothing). */
  accept?: readonly string[] | ((name: string) => string | undefined);
  /** Focus the first field that got a message (default); off where the form keeps the focus on its button. */
  focus?: boolean;
};

/**
 * Puts the server's field messages (`ApiError.fields`, dotted paths such as `variants.0.price` included) on the
 * form's fields, focusing the first. Returns whether any landed, so the caller can skip a duplicate alert.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string> | undefined,
  { accept, focus = true }: Options = {},
): boolean {
  if (!fields) return false;
  const pathOf =
    typeof accept === 'function' ? accept
    : accept ? (name: string) => (accept.includes(name) ? name : undefined)
    : (name: string) => name;
  let placed = false;
  for (const [name, message] of Object.entries(fields)) {
    const path = pathOf(name);
    if (!path || !message) continue;
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: focus && !placed });
    placed = true;
  }
  return placed;
}

/**
 * A server name for a row of a list (`variants.3.price`) when the form has that row, else the list itself:
 * a message for a row the admin has since removed still shows, under the list.
 */
export function listRowPath(name: string, list: string, rows: number, columns: readonly string[]): string | undefined {
  if (!name.startsWith(`${list}.`) && name !== list) return undefined;
  const row = new RegExp(`^${list}\\.(\\d+)\\.(${columns.join('|')})$`).exec(name);
  return row && Number(row[1]) < rows ? name : list;
}
