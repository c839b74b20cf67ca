import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { collectionsQueryOptions } from './api.ts';

/** The list page leads to the collections (issue #30): one link to each published collection's page. */
export function CollectionLinks() {
  const collections = useQuery(collectionsQueryOptions);
  const shown = collections.data ?? [];
  if (!shown.length) return null;
  return (
    <nav aria-label="Coleções" className="collection-links mb-4">
      <h2 className="h6 mb-2">Coleções</h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {shown.map((c) => (
          <li key={c.id}>
            <Link to={paths.collection(c.slug)} className="btn btn-sm btn-outline-primary">
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
