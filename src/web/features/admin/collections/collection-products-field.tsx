import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDebouncedValue } from '../../../components/use-list-params.ts';
import { productsQueryOptions } from '../products/api.ts';
import BiArrowDownIcon from '~icons/bi/arrow-down';
import BiArrowUpIcon from '~icons/bi/arrow-up';
import BiXLgIcon from '~icons/bi/x-lg';

export type ChosenProduct = { id: number; name: string };

type Props = { chosen: ChosenProduct[]; onChange: (next: ChosenProduct[]) => void; disabled: boolean; error?: string | undefined };

/**
 * The collection's products, in its manual order: found by name and added, moved up or down, removed. The order
 * is the page's when the collection's sort is 'Ordem manual'.
 */
export function CollectionProductsField({ chosen, onChange, disabled, error }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const found = useQuery({ ...productsQueryOptions({ q, page: 1 }), enabled: q.length > 0 });
  const chosenIds = new Set(chosen.map((p) => p.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${id}-erro` : undefined}>
      <legend className="form-label fs-6">Produtos da coleção</legend>
      {chosen.length === 0 ?
        <p className="text-secondary small">Ainda sem produtos: pesquise e adicione abaixo.</p>
      : <ol className="list-group list-group-numbered mb-3">
          {chosen.map((product, index) => (
            <li key={product.id} className="list-group-item d-flex align-items-center gap-2">
              <span className="flex-fill text-break">{product.name}</span>
              <Button variant="outline-secondary" size="sm" disabled={disabled || index === 0} onClick={() => move(index, -1)} aria-label={`Subir ${product.name}`}>
                <BiArrowUpIcon className="bi" aria-hidden="true" />
              </Button>
              <Button variant="outline-secondary" size="sm" disabled={disabled || index === chosen.length - 1} onClick={() => move(index, 1)} aria-label={`Descer ${product.name}`}>
                <BiArrowDownIcon className="bi" aria-hidden="true" />
              </Button>
              <Button variant="outline-danger" size="sm" disabled={disabled} onClick={() => onChange(chosen.filter((p) => p.id !== product.id))} aria-label={`Retirar ${product.name} da coleção`}>
                <BiXLgIcon className="bi" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      }
      <Form.Label htmlFor={`${id}-pesquisa`}>Adicionar produtos</Form.Label>
      <Form.Control id={`${id}-pesquisa`} type="search" placeholder="Pesquisar produtos pelo nome..." value={search} maxLength={100} disabled={disabled} onChange={(event) => setSearch(event.target.value)} />
      {q && found.data && (
        <ul className="list-unstyled mt-2 mb-0" aria-live="polite">
          {found.data.rows.length === 0 && <li className="text-secondary small">Nenhum produto encontrado.</li>}
          {found.data.rows.slice(0, 10).map((product) => (
            <li key={product.id} className="d-flex align-items-center gap-2 py-1">
              <span className="flex-fill text-break">{product.name}</span>
              <Button size="sm" variant="outline-primary" disabled={disabled || chosenIds.has(product.id)} onClick={() => onChange([...chosen, { id: product.id, name: product.name }])}>
                {chosenIds.has(product.id) ? 'Adicionado' : 'Adicionar'}
                <span className="visually-hidden"> {product.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-erro`} className="invalid-feedback d-block">
          {error}
        </p>
      )}
    </fieldset>
  );
}
