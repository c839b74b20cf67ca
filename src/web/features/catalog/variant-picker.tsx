import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatEuros } from '#shared/money.ts';
import type { Product, Variant } from '#shared/schemas/catalog.ts';
import { OUT_OF_STOCK } from './catalog-ui.tsx';

type Props = { product: Product; show: boolean; onPick: (variant: Variant) => void; onClose: () => void };

/**
 * Which variant goes into the cart, asked from a product card (issue #12: a card never adds the first
 * variant silently). Each variant with its price; those without stock are shown but cannot be chosen.
 */
export function VariantPicker({ product, show, onPick, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered size="sm" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title as="h2" id={titleId} className="h6 mb-0">
          {`Escolha a variante: ${product.name}`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {product.variants.map((variant) => (
            <li key={variant.id}>
              <Button
                variant="outline-primary"
                className="w-100 d-flex justify-content-between gap-2 text-start"
                disabled={variant.stock <= 0}
                onClick={() => onPick(variant)}
              >
                <span>{variant.name}</span>
                <span className="text-nowrap">{variant.stock > 0 ? formatEuros(variant.price) : OUT_OF_STOCK}</span>
              </Button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
