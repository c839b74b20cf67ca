import { adminTabHref } from '../admin-paths.ts';

/** The services tab's ?tab= value (backoffice.md §2); the form goes back to it after a save or a delete. */
export const SERVICES_TAB = 'servicos';
export const servicesListHref = adminTabHref(SERVICES_TAB);
