import { adminTabHref } from '../admin-paths.ts';

/** The products tab's ?tab= value (backoffice.md §2); the form goes back to it after a save or a delete. */
export const PRODUCTS_TAB = 'produtos';
export const productsListHref = adminTabHref(PRODUCTS_TAB);
