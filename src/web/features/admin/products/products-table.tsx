import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { formatEuros } from '#shared/money.ts';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { paths } from '#shared/paths.ts';
import { RowActionsCell, ThumbnailCell } from '../table-cells.tsx';

type Props = {
  products: readonly Product[];
  onDelete: (product: Product) => void;
};

/** The price column: with variants the lowest variant price, 'A partir de' (storefront wording). */
export const priceLabel = (product: Product) => (product.hasVariants ? `A partir de ${formatEuros(product.price)}` : formatEuros(product.price));

export function ProductsTable({ products, onDelete }: Props) {
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div className="table-responsive" role="region" aria-label="Lista de produtos" tabIndex={0}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">Produtos da loja, pela ordem de apresentação</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Imagem</span>
            </th>
            <th scope="col">Nome</th>
            <th scope="col">Tipo</th>
            <th scope="col">Preço</th>
            <th scope="col">Stock</th>
            <th scope="col">Ordem</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const image = product.images[0];
            return (
              <tr key={product.id}>
                <ThumbnailCell src={image?.thumbnail} />
                <th scope="row" className="fw-semibold text-break" style={{ minWidth: '10rem' }}>
                  {product.name}
                  {product.hasVariants && (
                    <span className="d-block small fw-normal text-secondary">
                      {product.variants.length} {product.variants.length === 1 ? 'variante' : 'variantes'}
                    </span>
                  )}
                </th>
                <td>{product.isDigital ? 'Digital' : 'Físico'}</td>
                <td className="text-nowrap">{priceLabel(product)}</td>
                <td className="text-nowrap">
                  {product.stock}
                  {product.stock === 0 && (
                    <Badge bg="warning" text="dark" className="ms-2">
                      {catalogMessages.outOfStock}
                    </Badge>
                  )}
                </td>
                <td>{product.order}</td>
                <RowActionsCell editHref={paths.adminEditProduct(product.id)} label={`produto ${product.name}`} onDelete={() => onDelete(product)} />
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
