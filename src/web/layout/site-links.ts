import { paths } from '#shared/paths.ts';

/** The shop's pages as the header and the footer name them. */
const pageLabels = {
  home: 'Início', products: 'Produtos', digitalProducts: 'Produtos Digitais', services: 'Serviços', contact: 'Contactos',
  about: 'Sobre', terms: 'Termos e Privacidade', sitemap: 'Mapa do site',
} as const;

/** Links to `pages`, in that order. */
export const siteLinks = (pages: readonly (keyof typeof pageLabels)[]) => pages.map((page) => ({ to: paths[page], label: pageLabels[page] }));
