/** My orders' paging: the shared page links (?page=), under the name the orders pages use. */
export { PaginationNav as OrdersPagination, pageWindow } from '../../components/pagination-nav.tsx';
