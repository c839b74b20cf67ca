import type { Service } from '#shared/schemas/services.ts';

/** backoffice.md §2: the two sort options of the service list; the first is the default. */
export const serviceSortOptions = [
  { value: 'name_asc', label: 'Nome: A-Z' },
  { value: 'name_desc', label: 'Nome: Z-A' },
] as const;
export type ServiceSort = (typeof serviceSortOptions)[number]['value'];
export const DEFAULT_SERVICE_SORT: ServiceSort = 'name_asc';

export const isServiceSort = (value: string | null): value is ServiceSort => serviceSortOptions.some((option) => option.value === value);

const collator = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });
/** Lower case without accents, so 'organizacao' finds 'Organização' as well as 'ORGANIZAÇÃO'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-PT');

/**
 * backoffice.md §5: a case-insensitive substring match on the name, then the display order ascending first
 * and the name in the chosen direction within the same order.
 */
export function visibleServices(services: readonly Service[], query: string, sort: ServiceSort): Service[] {
  const wanted = fold(query.trim());
  const direction = sort === 'name_desc' ? -1 : 1;
  return services
    .filter((service) => fold(service.name).includes(wanted))
    .sort((a, b) => a.order - b.order || direction * collator.compare(a.name, b.name) || a.id - b.id);
}
