import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { HOME_HERO } from '#shared/texts/content.ts';
import { SERVICE_CARD_TEXT_LENGTH } from '#shared/texts/services.ts';
import { shop } from '#shared/shop.ts';
import { paths } from '#shared/paths.ts';
import { collectionPageQueryOptions, collectionsQueryOptions } from '../catalog/api.ts';
import { ProductCard } from '../catalog/product-card.tsx';
import { EditableContent } from '../content/editable-content.tsx';
import { cutText } from '#shared/cut-text.ts';
import { BookingLink, summaryOf } from '../services/service-ui.tsx';
import { servicesQueryOptions } from '../services/api.ts';
import { aboutImageQuery, featuredProductsQuery, HOME_COLLECTION_PARAMS, HOME_ITEMS } from './api.ts';
import BiCalendar2HeartIcon from '~icons/bi/calendar2-heart';

export const PRODUCTS_LOAD_ERROR = 'Erro ao carregar produtos. Por favor tente novamente mais tarde.';
const CARD_SIZES = '(min-width: 992px) 300px, (min-width: 576px) 33vw, (min-width: 360px) 50vw, 100vw';

function Loading({ label }: { label: string }) {
  return (
    <div className="d-flex align-items-center gap-2 text-secondary py-4" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {label}
    </div>
  );
}

const WIDE = '(min-width: 992px)';
const HERO_SIZES = `${WIDE} 50vw, 100vw`;

/** Section 1: who the shop is, in the owner's own words (an editable block), beside the 'Sobre' picture. */
export function HeroSection({ titleId }: { titleId: string }) {
  const image = useQuery(aboutImageQuery);
  const picture = image.data;
  // Beside the text on a wide screen the picture is the page's largest paint: fetched first there, by this preload at
  // a high priority. On a phone it comes under the text (the largest paint then): the picture itself asks for a low
  // priority, so it waits its turn behind the style sheets and the typeface (issue #32).
  if (picture) preload(picture.url, { as: 'image', imageSrcSet: picture.srcset, imageSizes: HERO_SIZES, fetchPriority: 'high', media: WIDE });
  return (
    <div className="row align-items-center g-4 g-lg-5">
      <div className={picture ? 'col-12 col-lg-6' : 'col-12 col-lg-9'}>
        <p className="home-eyebrow text-uppercase fw-semibold mb-2">{shop.name}</p>
        <h1 id={titleId} className="display-6 fw-semibold mb-4">
          {shop.tagline}
        </h1>
        <EditableContent section={HOME_HERO} label="Texto de boas-vindas da página inicial" className="home-hero-text mb-4" />
        <div className="d-flex flex-wrap gap-2">
          <Link to={paths.products} className="btn btn-primary btn-lg">
            Ver produtos
          </Link>
          <Link to={paths.services} className="btn btn-outline-primary btn-lg">
            Conhecer os serviços
          </Link>
        </div>
      </div>
      {picture && (
        <div className="col-12 col-lg-6">
          {/* Decorative: the text beside it says who the shop is. */}
          <img
            className="home-hero-image"
            src={picture.url}
            srcSet={picture.srcset}
            sizes={HERO_SIZES}
            width={picture.width}
            height={picture.height}
            fetchPriority="low"
            alt=""
          />
        </div>
      )}
    </div>
  );
}

/**
 * Section 2: the first products by display order, each leading to its page; or, when the owner chose one
 * (issue #30), the first products of a collection, under its name, leading to its page.
 */
export function ProductsSection({ titleId }: { titleId: string }) {
  const collections = useQuery(collectionsQueryOptions);
  const chosen = collections.data?.find((c) => c.onHome);
  // The fixed section once it is known that no collection takes its place (or the collections cannot be read).
  const featured = useQuery({ ...featuredProductsQuery, enabled: !collections.isPending && !chosen });
  const collection = useQuery({ ...collectionPageQueryOptions(chosen?.slug ?? '', HOME_COLLECTION_PARAMS), enabled: Boolean(chosen) });
  const shown = chosen ? collection : featured;
  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-4">
        <h2 id={titleId} className="h1 mb-0">
          {chosen ? chosen.name : 'Produtos em destaque'}
        </h2>
        {chosen ? <Link to={paths.collection(chosen.slug)}>Ver a coleção</Link> : <Link to={paths.products}>Ver todos os produtos</Link>}
      </div>
      {collections.isPending || shown.isPending ?
        <Loading label="A carregar produtos..." />
      : shown.isError || !shown.data ?
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{PRODUCTS_LOAD_ERROR}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void shown.refetch()} disabled={shown.isFetching}>
            Tentar novamente
          </Button>
        </Alert>
      : shown.data.rows.length === 0 ?
        <p className="text-secondary">Ainda não há produtos à venda. Volte em breve!</p>
      : <ul className="card-grid row g-3 g-md-4 list-unstyled mb-0">
          {shown.data.rows.slice(0, HOME_ITEMS).map((product) => (
            <li key={product.id} className="col-6 col-sm-4">
              <ProductCard product={product} headingLevel={3} />
            </li>
          ))}
        </ul>
      }
    </>
  );
}

/** Section 3: the first services by display order with their booking links; an error reads as "none yet". */
export function ServicesSection({ titleId }: { titleId: string }) {
  const services = useQuery(servicesQueryOptions);
  const shown = services.data?.slice(0, HOME_ITEMS) ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-4">
        <h2 id={titleId} className="h1 mb-0">
          Serviços
        </h2>
        <Link to={paths.services}>Ver todos os serviços</Link>
      </div>
      {services.isPending ?
        <Loading label="A carregar serviços..." />
      : shown.length === 0 ?
        <p className="text-secondary">Os serviços de organização estarão disponíveis em breve.</p>
      : <ul className="card-grid row g-3 g-md-4 list-unstyled mb-0">
          {shown.map((service) => (
            <li key={service.id} className="col-6 col-sm-4">
              <article className="home-card card h-100 shadow-sm">
                <div className="home-card-media card-img-top">
                  {service.image ?
                    <img
                      src={service.image.src}
                      srcSet={service.image.srcset}
                      sizes={CARD_SIZES}
                      width={service.image.width}
                      height={service.image.height}
                      loading="lazy"
                      decoding="async"
                      alt=""
                    />
                  : <BiCalendar2HeartIcon className="bi" aria-hidden="true" />}
                </div>
                <div className="card-body d-flex flex-column p-2 p-sm-3">
                  <h3 className="h5 fs-6 fs-sm-5 card-title text-break">
                    <Link to={paths.service(service.id)}>{service.name}</Link>
                  </h3>
                  <p className="text-secondary small flex-grow-1">{cutText(summaryOf(service), SERVICE_CARD_TEXT_LENGTH)}</p>
                  <BookingLink service={service} label="Agendar" className="btn btn-primary" />
                </div>
              </article>
            </li>
          ))}
        </ul>
      }
    </>
  );
}
