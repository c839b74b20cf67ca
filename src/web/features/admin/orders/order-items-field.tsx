import { type RefObject, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { lineName, OrderItemLines, OrderItemsEstimate } from './order-item-lines.tsx';
import type { ItemRow, OrderFormValues } from './order-form-values.ts';
import { OrderProductPicker } from './order-product-picker.tsx';

export const ITEMS_ERROR_ID = 'order-items-error';

/**
 * The order's items (backoffice.md §2, §5): a product picker (product, its variant, a quantity of at least 1)
 * that adds a line, or raises the quantity of the line already holding that product and variant; and the
 * list of lines with an editable quantity and a remove button.
 */
/** `paid`: the items are what the customer paid (and was invoiced) for: shown, not editable; refunds give them back. */
const PAID_NOTE_ID = 'order-items-paid-note';

export function OrderItemsField({ productSelectRef, paid = false }: { productSelectRef: RefObject<HTMLSelectElement | null>; paid?: boolean }) {
  const {
    control,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<OrderFormValues>();
  // keyName: the lines have no `id` of their own; keep RHF's key apart from the data.
  const { fields, append, remove } = useFieldArray({ control, name: 'items', keyName: 'key' });
  const [announcement, setAnnouncement] = useState('');
  const removeRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const addRef = useRef<HTMLButtonElement>(null);
  const listError: string | undefined = errors.items?.message ?? errors.items?.root?.message;

  const add = (line: ItemRow) => {
    const index = getValues('items').findIndex((row) => row.product_id === line.product_id && (row.variant_id ?? null) === line.variant_id);
    if (index >= 0) {
      // backoffice.md §2: adding a product already in the list increases its quantity.
      const current = Number(getValues(`items.${index}.quantity`));
      const next = (Number.isFinite(current) ? current : 0) + line.quantity;
      setValue(`items.${index}.quantity`, next, { shouldDirty: true });
      setAnnouncement(`A quantidade de ${lineName(line)} passou para ${next}.`);
    } else {
      append(line, { shouldFocus: false });
      setAnnouncement(`${lineName(line)} adicionado à encomenda.`);
    }
    if (isSubmitted) void trigger('items');
  };

  const drop = (index: number) => {
    const row = fields[index];
    remove(index);
    if (row) setAnnouncement(`${lineName(row)} removido da encomenda.`);
    if (isSubmitted) void trigger('items');
    // The focus would fall to <body> with the removed button: keep it in the list, or on the add button.
    setTimeout(() => {
      const nextButton = removeRefs.current[Math.min(index, fields.length - 2)];
      if (fields.length > 1 && nextButton) nextButton.focus();
      else addRef.current?.focus();
    }, 0);
  };

  return (
    <fieldset className="mb-4" disabled={paid} aria-describedby={paid ? PAID_NOTE_ID : undefined}>
      <legend className="fs-5">Produtos</legend>
      {paid && (
        <p className="form-text" id={PAID_NOTE_ID}>
          Encomenda paga: os artigos ficam como foram pagos. Para devolver artigos, use Reembolsar, abaixo.
        </p>
      )}
      <OrderProductPicker productSelectRef={productSelectRef} addRef={addRef} describedBy={listError ? ITEMS_ERROR_ID : undefined} onAdd={add} />

      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>

      {listError && (
        <div className="alert alert-danger py-2" role="alert" id={ITEMS_ERROR_ID}>
          {listError}
        </div>
      )}

      <OrderItemLines fields={fields} removeRefs={removeRefs} onRemove={drop} />
      <OrderItemsEstimate />
    </fieldset>
  );
}
