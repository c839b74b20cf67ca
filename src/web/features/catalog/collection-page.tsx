import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { CollectionPage as CollectionAnswer } from '#shared/schemas/collections.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { collectionPageQueryOptions, collectionSortOptions, type CollectionSortValue } from './api.ts';
import { type ListKind, type ListState, ProductList } from './products-page.tsx';

const collectionList = (slug: string) => (state: ListState) =>
  collectionPageQueryOptions(slug, { q: state.q, sort: state.sort as CollectionSortValue, page: state.page, filters: state.filters }) as unknown as ReturnType<ListKind['query']>;

/** The collection's picture and description (sanitised HTML, by the server on the way in and out). */
function CollectionIntro({ collection }: { collection: CollectionAnswer['collection'] }) {
  if (!collection.image && !collection.description) return null;
  return (
    <div className="collection-intro row g-3 g-md-4 align-items-center mb-4">
      {collection.image && (
        <div className="col-12 col-md-5 col-lg-4">
          {/* Decorative: the heading and the text beside it say what the collection is. */}
          <div className="collection-picture">
            <ResponsiveImage image={collection.image} sizes="(min-width: 992px) 320px, (min-width: 768px) 40vw, 100vw" alt="" priority />
          </div>
        </div>
      )}
      {collection.description && (
        <div className="col">
          <div className="content-html" dangerouslySetInnerHTML={{ __html: collection.description }} />
        </div>
      )}
    </div>
  );
}

const collectionOf = (data: unknown) => (data as CollectionAnswer | undefined)?.collection;

/** /colecoes/{slug}: a published collection's products, searched, sorted, filtered and paged like the list. */
export function CollectionPage() {
  const slug = useParams().slug ?? '';
  const kind = useMemo(
    (): ListKind => ({
      id: `colecao-${slug}`,
      isDigital: false,
      heading: (data) => collectionOf(data)?.name ?? 'Coleção',
      intro: (data) => {
        const collection = collectionOf(data);
        return collection ? <CollectionIntro collection={collection} /> : null;
      },
      loadError: 'Erro ao carregar a coleção. Por favor tente novamente mais tarde.',
      empty: 'Nenhum produto encontrado nesta coleção. Tente ajustar os filtros.',
      sorts: collectionSortOptions,
      showCollections: false,
      query: collectionList(slug),
    }),
    [slug],
  );
  return <ProductList key={slug} kind={kind} />;
}
