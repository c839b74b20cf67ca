import { parseEuros } from '#shared/money.ts';

/**
 * The filters of a product list as its address holds them (issue #30), in the shop's language: prices in euros
 * as typed in Portugal ('12,5'), `disponivel=1`, `tipo=fisico|digital`, `colecao=<slug>`.
 */
export type ListFilters = {
  precoMin?: string | undefined;
  precoMax?: string | undefined;
  disponivel?: boolean | undefined;
  tipo?: 'fisico' | 'digital' | undefined;
  colecao?: string | undefined;
};

export const NO_FILTERS: ListFilters = {};

/** The address's names of the filters, in the order they are shown and cleared. */
export const FILTER_PARAMS = ['precoMin', 'precoMax', 'disponivel', 'tipo', 'colecao'] as const;

/** A price the address holds, when it is one (anything else is left out, not sent to the server). */
const price = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text && !Number.isNaN(parseEuros(text)) ? text : undefined;
};

/** The filters of an address; what is not a valid choice is ignored, as an unknown filter would be. */
export function filtersFrom(params: URLSearchParams): ListFilters {
  const tipo = params.get('tipo');
  const colecao = params.get('colecao')?.trim().slice(0, 120);
  const filters: ListFilters = {};
  const min = price(params.get('precoMin'));
  const max = price(params.get('precoMax'));
  if (min) filters.precoMin = min;
  if (max) filters.precoMax = max;
  if (min && max && parseEuros(min) > parseEuros(max)) delete filters.precoMax;
  if (params.get('disponivel') === '1') filters.disponivel = true;
  if (tipo === 'fisico' || tipo === 'digital') filters.tipo = tipo;
  if (colecao) filters.colecao = colecao;
  return filters;
}

/** How many filters are chosen (the phone's "Filtros (2)" button). */
export const chosenCount = (filters: ListFilters) => FILTER_PARAMS.filter((name) => filters[name] !== undefined).length;
