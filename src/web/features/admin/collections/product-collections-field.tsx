import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { adminCollectionsQueryOptions } from './api.ts';

type Props = {
  chosen: readonly number[];
  onChange: (next: number[]) => void;
  disabled: boolean;
};

/** The product form's choice of collections (issue #30): a product is in any number of them. */
export function ProductCollectionsField({ chosen, onChange, disabled }: Props) {
  const id = useId();
  const collections = useQuery(adminCollectionsQueryOptions());
  if (!collections.isSuccess || collections.data.length === 0) return null;
  const toggle = (collectionId: number, on: boolean) => onChange(on ? [...chosen, collectionId] : chosen.filter((c) => c !== collectionId));
  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Coleções</legend>
      {collections.data.map((c) => (
        <Form.Check
          key={c.id}
          type="checkbox"
          id={`${id}-${c.id}`}
          label={c.published ? c.name : `${c.name} (rascunho)`}
          checked={chosen.includes(c.id)}
          disabled={disabled}
          onChange={(event) => toggle(c.id, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
