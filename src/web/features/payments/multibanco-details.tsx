import './payments.css';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { groupReference } from '#shared/schemas/payments.ts';
import { amountDigits } from './payment-format.ts';
import BiClockIcon from '~icons/bi/clock';
import BiCheck2Icon from '~icons/bi/check2';
import BiCopyIcon from '~icons/bi/copy';

export type MultibancoFigures = { entity: string; reference: string; amount: number; expiresAt: string };

/** Copies `value` to the clipboard; says so for a moment (and to screen readers through the shared live region). */
function CopyButton({ label, value, onCopied }: { label: string; value: string; onCopied: (what: string) => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      onCopied(label);
    } catch {
      onCopied('');
    }
  };
  return (
    <Button variant="outline-secondary" size="sm" className="payment-copy" onClick={() => void copy()} aria-label={`Copiar ${label}`}>
      {copied ? <BiCheck2Icon className="bi" aria-hidden="true" /> : <BiCopyIcon className="bi" aria-hidden="true" />}
    </Button>
  );
}

const canCopy = () => typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/**
 * Entity, reference and amount of a Multibanco payment (storefront.md §3), as the customer types them at an
 * ATM or in home banking, with copy buttons and until when the reference can be paid (backoffice.md §9).
 */
export function MultibancoDetails({ figures, className = '' }: { figures: MultibancoFigures; className?: string }) {
  const [announcement, setAnnouncement] = useState('');
  const copyable = canCopy();
  const announce = (what: string) => setAnnouncement(what ? `${what[0]?.toUpperCase()}${what.slice(1)} copiada.` : 'Não foi possível copiar.');
  const rows = [
    { label: 'Entidade', copyLabel: 'entidade', shown: figures.entity, copied: figures.entity },
    { label: 'Referência', copyLabel: 'referência', shown: groupReference(figures.reference), copied: figures.reference },
    { label: 'Montante', copyLabel: 'quantia', shown: formatEuros(figures.amount), copied: amountDigits(figures.amount) },
  ];
  return (
    <div className={className}>
      <dl className="payment-figures mb-2">
        {rows.map((row) => (
          <div key={row.label} className="payment-figure">
            <dt>{row.label}</dt>
            <dd>
              <span className="payment-figure-value">{row.shown}</span>
              {copyable && <CopyButton label={row.copyLabel} value={row.copied} onCopied={announce} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p className="small text-secondary mb-0">
        <BiClockIcon className="bi me-1" aria-hidden="true" />
        {/* The reference's own deadline, which is its order's (#26): never a fixed number of hours. */}
        {'A referência é válida até '}
        <time dateTime={figures.expiresAt}>{formatLongDateTime(figures.expiresAt)}</time>; depois disso a encomenda é cancelada.
      </p>
    </div>
  );
}
