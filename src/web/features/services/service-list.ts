import type { Service } from '#shared/schemas/services.ts';

/**
 * backoffice.md §2's two sort options of the service list, after the default: the shop's display order
 * (backoffice.md §5), so that choosing Nome: A-Z visibly sorts by name.
 */
export const serviceSortOptions = [
  { value: 'order', label: 'Recomendados' },
  { value: 'name_asc', label: 'Nome: A-Z' },
  { value: 'name_desc', label: 'Nome: Z-A' },
] as const;
export type ServiceSort = (typeof serviceSortOptions)[number]['value'];
export const DEFAULT_SERVICE_SORT: ServiceSort = 'order';

export const isServiceSort = (value: string | null): value is ServiceSort => serviceSortOptions.some((option) => option.value === value);

const collator = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });
/** Lower case without accents, so 'organizacao' finds 'Organização' as well as 'ORGANIZAÇÃO'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-PT');

/**
 * backoffice.md §5, searched as the products are: every word of the search appears in the name, in any order,
 * without regard to accents or case. By default the display order, then the name; Nome: A-Z and Z-A sort by name.
 */
export function visibleServices(services: readonly Service[], query: string, sort: ServiceSort): Service[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const byName = (a: Service, b: Service) => (sort === 'name_desc' ? -1 : 1) * collator.compare(a.name, b.name);
  return services
    .filter((service) => words.every((word) => fold(service.name).includes(word)))
    .sort((a, b) => (sort === 'order' ? a.order - b.order : 0) || byName(a, b) || a.id - b.id);
}
