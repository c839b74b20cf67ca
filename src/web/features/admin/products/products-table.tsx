import Badge from 'react-bootstrap/Badge';
import { formatEuros } from '#shared/money.ts';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { paths } from '#shared/paths.ts';
import { RowActionsCell, ThumbnailCell } from '../table-cells.tsx';
import { AdminTable } from '../admin-table.tsx';

type Props = {
  products: readonly Product[];
  onDelete: (product: Product) => void;
};

/** The price column: with variants the lowest variant price, 'A partir de' (storefront wording). */
export const priceLabel = (product: Product) => (product.hasVariants ? `A partir de ${formatEuros(product.price)}` : formatEuros(product.price));

export function ProductsTable({ products, onDelete }: Props) {
  return (
    <AdminTable
      label="Lista de produtos"
      caption="Produtos da loja, pela ordem de apresentação"
      columns={[{ label: 'Imagem', hidden: true }, 'Nome', 'Tipo', 'Preço', 'Stock', 'Ordem', 'Ações']}
    >
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
              {/* A digital product is never out of stock: its stock figure means nothing to the owner. */}
              {product.isDigital ?
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">Não se aplica (produto digital)</span>
                </>
              : product.stock}
              {!product.isDigital && product.stock === 0 && (
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
    </AdminTable>
  );
}
