import { describe, expect, it } from 'vitest';
import { chosenCount, filtersFrom } from './list-filters-params.ts';

const from = (query: string) => filtersFrom(new URLSearchParams(query));

describe('the list filters in the address', () => {
  it('reads prices as typed in Portugal, availability, type and collection', () => {
    expect(from('precoMin=5&precoMax=12,5&disponivel=1&tipo=digital&colecao=prendas')).toEqual({
      precoMin: '5',
      precoMax: '12,5',
      disponivel: true,
      tipo: 'digital',
      colecao: 'prendas',
    });
    expect(chosenCount(from('precoMin=5&disponivel=1'))).toBe(2);
  });

  it('leaves out what is not a choice: a price that is not one, an upside-down maximum, unknown values', () => {
    expect(from('precoMin=doze&precoMax=-3&disponivel=sim&tipo=ambos')).toEqual({});
    expect(from('precoMin=20&precoMax=10')).toEqual({ precoMin: '20' });
    expect(chosenCount(from(''))).toBe(0);
  });
});
