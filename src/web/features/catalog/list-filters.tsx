import './list-filters.css';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import OffcanvasBody from 'react-bootstrap/OffcanvasBody';
import OffcanvasHeader from 'react-bootstrap/OffcanvasHeader';
import OffcanvasTitle from 'react-bootstrap/OffcanvasTitle';
import { formatEuros, parseEuros } from '#shared/money.ts';
import type { ProductFacets } from '#shared/schemas/catalog.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { chosenCount, FILTER_PARAMS, type ListFilters } from './list-filters-params.ts';
import BiFunnelIcon from '~icons/bi/funnel';
import BiXIcon from '~icons/bi/x';

type Changes = Partial<Record<(typeof FILTER_PARAMS)[number], string | undefined>>;

type Props = {
  filters: ListFilters;
  facets: ProductFacets | undefined;
  /** How many products the list shows now (the phone's "Ver N produtos"). */
  count: number | undefined;
  /** Where the type filter stands without a choice: /produtos lists the physical products (storefront.md). */
  defaultType?: 'fisico' | undefined;
  /** Off on /produtos-digitais (a list of one type) and on a collection's page (it is the collection). */
  showType?: boolean;
  showCollections?: boolean;
  onChange: (changes: Changes) => void;
};

// The phone's drawer (React-Bootstrap's Offcanvas: a modal, its manager, its focus trap) is fetched when the
// customer first points at or opens it. Until then the filters are what the Offcanvas renders while it is closed:
// the same block, beside the list from lg up, hidden below.
const loadDrawer = () => import('react-bootstrap/Offcanvas');
const Offcanvas = lazy(loadDrawer);
const prefetchDrawer = () => void loadDrawer().catch(() => undefined);

const PRICE_MIN_INVALID = 'Escreva um preço em euros, por exemplo 12,50.';
const PRICE_RANGE_INVALID = 'O preço máximo não pode ser inferior ao mínimo.';

const priceText = (value: string) => formatEuros(parseEuros(value) / 100);
const typeLabel = { fisico: 'Físicos', digital: 'Digitais' } as const;
const countText = (n: number) => (n === 1 ? '1 produto' : `${n} produtos`);

/**
 * A choice as shown: the one just made at once, while the page for it loads (the address changes once its data is
 * there), then the address's again.
 */
function useShownChoice<T>(fromAddress: T): [T, (value: T) => void] {
  const [chosen, setChosen] = useState<{ value: T; over: T } | null>(null);
  if (chosen && chosen.over !== fromAddress) setChosen(null);
  return [chosen && chosen.over === fromAddress ? chosen.value : fromAddress, (value) => setChosen({ value, over: fromAddress })];
}

/** What a chosen filter reads as in the list of chosen filters, each with its own clear button. */
function chosenLabels(filters: ListFilters, facets: ProductFacets | undefined, defaultType: string | undefined) {
  const labels: { name: keyof Changes; label: string }[] = [];
  if (filters.precoMin) labels.push({ name: 'precoMin', label: `Desde ${priceText(filters.precoMin)}` });
  if (filters.precoMax) labels.push({ name: 'precoMax', label: `Até ${priceText(filters.precoMax)}` });
  if (filters.disponivel) labels.push({ name: 'disponivel', label: 'Só disponíveis' });
  if (filters.tipo && filters.tipo !== defaultType) labels.push({ name: 'tipo', label: typeLabel[filters.tipo] });
  if (filters.colecao) {
    const name = facets?.collections.find((c) => c.slug === filters.colecao)?.name ?? filters.colecao;
    labels.push({ name: 'colecao', label: `Coleção: ${name}` });
  }
  return labels;
}

/** The price range: typed as people type prices in Portugal, checked here before it goes into the address. */
function PriceFilter({ filters, facets, disabled, onChange }: { filters: ListFilters; facets: ProductFacets | undefined; disabled: boolean; onChange: Props['onChange'] }) {
  const id = useId();
  const [min, setMin] = useState(filters.precoMin ?? '');
  const [max, setMax] = useState(filters.precoMax ?? '');
  const [shown, setShown] = useState(filters);
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});
  // The address changed elsewhere (a chip cleared, Back): the fields follow it.
  if (shown.precoMin !== filters.precoMin || shown.precoMax !== filters.precoMax) {
    setShown(filters);
    setMin(filters.precoMin ?? '');
    setMax(filters.precoMax ?? '');
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const low = min.trim() ? parseEuros(min) : undefined;
    const high = max.trim() ? parseEuros(max) : undefined;
    if (Number.isNaN(low)) next.min = PRICE_MIN_INVALID;
    if (Number.isNaN(high)) next.max = PRICE_MIN_INVALID;
    else if (low !== undefined && high !== undefined && !Number.isNaN(low) && high < low) next.max = PRICE_RANGE_INVALID;
    setErrors(next);
    if (next.min || next.max) return;
    onChange({ precoMin: min.trim() || undefined, precoMax: max.trim() || undefined });
  };
  const range = facets?.price;
  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-titulo`} className="mb-4">
      <h3 id={`${id}-titulo`} className="h6">
        Preço
      </h3>
      <div className="d-flex gap-2">
        <PriceBound id={`${id}-min`} label="Mínimo (€)" hint={range?.min} value={min} error={errors.min} disabled={disabled} onChange={setMin} />
        <PriceBound id={`${id}-max`} label="Máximo (€)" hint={range?.max} value={max} error={errors.max} disabled={disabled} onChange={setMax} />
      </div>
      {errors.min && (
        <p id={`${id}-min-erro`} className="invalid-feedback d-block mb-0">
          {errors.min}
        </p>
      )}
      {errors.max && (
        <p id={`${id}-max-erro`} className="invalid-feedback d-block mb-0">
          {errors.max}
        </p>
      )}
      <Button type="submit" variant="outline-primary" size="sm" className="mt-2" disabled={disabled}>
        Aplicar preço
      </Button>
    </Form>
  );
}

/** One end of the price range; its hint is the list's cheapest or dearest price, written with a comma. */
function PriceBound({ id, label, hint, value, error, disabled, onChange }: {
  id: string;
  label: string;
  hint: number | undefined;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id} className="flex-fill">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        placeholder={hint === undefined ? undefined : String(hint).replace('.', ',')}
        value={value}
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-erro` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Group>
  );
}

/** A group of choices of which one stands; each says how many products it leaves. */
function ChoiceGroup({ title, name, choices, value, disabled, onChoose }: {
  title: string;
  name: string;
  choices: { value: string; label: string; count?: number | undefined }[];
  value: string;
  disabled: boolean;
  onChoose: (value: string) => void;
}) {
  const id = useId();
  const [shown, show] = useShownChoice(value);
  return (
    <fieldset className="mb-4">
      <legend className="h6">{title}</legend>
      {choices.map((choice) => (
        <Form.Check
          key={choice.value}
          type="radio"
          id={`${id}-${choice.value || 'todos'}`}
          name={`${id}-${name}`}
          checked={shown === choice.value}
          disabled={disabled}
          onChange={() => {
            show(choice.value);
            onChoose(choice.value);
          }}
          label={
            <>
              {choice.label}
              {choice.count !== undefined && <span className="text-secondary"> ({choice.count})</span>}
            </>
          }
        />
      ))}
    </fieldset>
  );
}

/**
 * The list's filters (issue #30), from the address and written back to it: beside the list on a desktop, in a
 * drawer on a phone (Bootstrap's responsive offcanvas: the same elements, shown inline from lg up). Each choice
 * says how many products it leaves; each chosen filter can be cleared alone, or all at once.
 */
export function ListFiltersPanel({ filters, facets, count, defaultType, showType = true, showCollections = true, onChange }: Props) {
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted: it closes with its animation and gives the focus back to its button.
  const [drawer, setDrawer] = useState(false);
  const hydrated = useHydrated();
  const [available, showAvailable] = useShownChoice(Boolean(filters.disponivel));
  const titleId = useId();
  const chosen = chosenLabels(filters, facets, defaultType);
  const clearAll = () => onChange(Object.fromEntries(FILTER_PARAMS.map((name) => [name, undefined])));
  const type = filters.tipo ?? defaultType ?? '';
  const typeChoices = [
    ...(defaultType ? [] : [{ value: '', label: 'Todos', count: (facets?.type.physical ?? 0) + (facets?.type.digital ?? 0) }]),
    { value: 'fisico', label: typeLabel.fisico, count: facets?.type.physical ?? 0 },
    { value: 'digital', label: typeLabel.digital, count: facets?.type.digital ?? 0 },
  ];
  const collections = facets?.collections ?? [];
  const chosenCollection = filters.colecao ?? '';
  const collectionChoices = [
    { value: '', label: 'Todas' },
    ...collections.map((c) => ({ value: c.slug, label: c.name, count: c.count })),
  ];
  const openDrawer = () => {
    setDrawer(true);
    setOpen(true);
  };
  const panel = (
    <>
      <OffcanvasHeader closeButton closeLabel="Fechar filtros">
        <OffcanvasTitle as="h2" id={titleId} className="h5">
          Filtros
        </OffcanvasTitle>
      </OffcanvasHeader>
      <OffcanvasBody className="flex-column">
        <h2 className="h5 d-none d-lg-block">Filtrar</h2>
        {chosen.length > 0 && (
          <div className="mb-4">
            <h3 className="visually-hidden">Filtros escolhidos</h3>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
              {chosen.map((c) => (
                <li key={c.name}>
                  <Button variant="outline-secondary" size="sm" disabled={!hydrated} onClick={() => onChange({ [c.name]: undefined })} aria-label={`Remover filtro ${c.label}`}>
                    {c.label}
                    <BiXIcon className="bi ms-1" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="link" size="sm" className="px-0" disabled={!hydrated} onClick={clearAll}>
              Limpar filtros
            </Button>
          </div>
        )}
        <PriceFilter filters={filters} facets={facets} disabled={!hydrated} onChange={onChange} />
        <fieldset className="mb-4">
          <legend className="h6">Disponibilidade</legend>
          <Form.Check
            type="checkbox"
            id={`${titleId}-disponivel`}
            checked={available}
            disabled={!hydrated}
            onChange={(event) => {
              showAvailable(event.target.checked);
              onChange({ disponivel: event.target.checked ? '1' : undefined });
            }}
            label={
              <>
                Só disponíveis <span className="text-secondary">({facets?.inStock ?? 0})</span>
              </>
            }
          />
        </fieldset>
        {showType && (
          <ChoiceGroup title="Tipo" name="tipo" choices={typeChoices} value={type} disabled={!hydrated} onChoose={(value) => onChange({ tipo: value === defaultType ? undefined : value || undefined })} />
        )}
        {showCollections && collections.length > 0 && (
          <ChoiceGroup title="Coleção" name="colecao" choices={collectionChoices} value={chosenCollection} disabled={!hydrated} onChoose={(value) => onChange({ colecao: value || undefined })} />
        )}
        <Button className="d-lg-none mt-auto" onClick={() => setOpen(false)}>
          {count === undefined ? 'Ver produtos' : `Ver ${countText(count)}`}
        </Button>
      </OffcanvasBody>
    </>
  );
  // The Offcanvas's own markup while it is closed (responsive: in its place, a drawer only below lg).
  const inPlace = <div className="list-filters offcanvas-lg offcanvas-start">{panel}</div>;
  return (
    <>
      <div className="d-lg-none mb-3">
        <Button variant="outline-primary" onClick={openDrawer} onPointerEnter={prefetchDrawer} onFocus={prefetchDrawer} disabled={!hydrated} aria-haspopup="dialog">
          <BiFunnelIcon className="bi me-2" aria-hidden="true" />
          Filtros
          {chosenCount(filters) > 0 && (
            <Badge bg="primary" className="ms-2">
              {chosenCount(filters)}
              <span className="visually-hidden"> escolhidos</span>
            </Badge>
          )}
        </Button>
      </div>
      {/* Named while it is the phone's drawer (a dialog); inline beside the list it is a plain block. */}
      {drawer ?
        <Suspense fallback={inPlace}>
          <Offcanvas show={open} onHide={() => setOpen(false)} responsive="lg" placement="start" aria-labelledby={open ? titleId : undefined} className="list-filters">
            {panel}
          </Offcanvas>
        </Suspense>
      : inPlace}
    </>
  );
}
