import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/catalog.ts';
import { waitingLine } from '#shared/texts/restock.ts';
import { restockWaitingQueryOptions } from './api.ts';
import BiBellIcon from '~icons/bi/bell';

/**
 * The owner's line above the product form (issue #30): how many customers wait for the product's return, per
 * variant when they asked for one, and how many addresses are not confirmed yet. Nothing while it loads or
 * when the call fails: the form matters more than the count.
 */
export function RestockWaitingNote({ product }: { product: Product }) {
  const { data } = useQuery(restockWaitingQueryOptions(product.id));
  if (!data) return null;
  const perVariant = data.variants
    .map((v) => ({ name: product.variants.find((pv) => pv.id === v.variant_id)?.name, waiting: v.waiting }))
    .filter((v): v is { name: string; waiting: number } => Boolean(v.name));
  return (
    <p className="restock-waiting d-flex gap-2 align-items-start border rounded px-3 py-2 mb-4">
      <BiBellIcon className="bi mt-1 flex-shrink-0" aria-hidden="true" />
      <span>
        <strong>Avise-me quando voltar:</strong> {waitingLine(data.waiting)}
        {perVariant.length > 0 && ` ${perVariant.map((v) => `${v.name}: ${v.waiting}`).join('; ')}.`}
        {data.pending > 0 && ` ${data.pending === 1 ? '1 pedido' : `${data.pending} pedidos`} por confirmar.`}
      </span>
    </p>
  );
}
