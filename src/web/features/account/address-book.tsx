import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { addressBody, type AddressBody, addressMessages, MAX_ADDRESSES, type SavedAddress } from '#shared/schemas/addresses.ts';
import { errorMessage } from '../../api/client.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { CheckField, FormField, SelectField } from '../../components/form/field.tsx';
import { countryName, countryOptions } from '#shared/countries.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useFlashMessage } from '../../components/use-timers.ts';
import { useConfirmDelete } from '../../components/use-confirm-delete.ts';
import { useAddresses, useDeleteAddress, useSaveAddress } from './api.ts';
import BiPlusLgIcon from '~icons/bi/plus-lg';

const loadFailed = 'Não foi possível carregar as suas moradas.';
const saveFailed = 'Não foi possível guardar a morada. Por favor tente novamente.';
const deleteFailed = 'Não foi possível eliminar a morada. Por favor tente novamente.';
const serverFields = ['name', 'address', 'city', 'postal_code', 'phone', 'country'] as const;

const bodyOf = (a: SavedAddress): AddressBody => ({ name: a.name, address: a.address, city: a.city, postal_code: a.postal_code, phone: a.phone, country: a.country_code ?? 'PT' });
const blank: AddressBody = { name: '', address: '', city: '', postal_code: '', phone: '', country: 'PT', is_default: false };

/** Adding (`editing` null) or changing one address. */
function AddressForm({ editing, first, onDone }: { editing: SavedAddress | null; first: boolean; onDone: (message: string) => void }) {
  const save = useSaveAddress();
  const { form, field, error, submit } = useServerForm(addressBody, editing ? { ...bodyOf(editing), is_default: editing.is_default } : blank, {
    accept: serverFields,
    fallback: saveFailed,
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: editing?.id ?? null, body });
    onDone(addressMessages.saved);
  });
  const prefix = editing ? `address-${editing.id}` : 'address-new';
  return (
    <Form noValidate onSubmit={onSubmit} className="border rounded p-3 mb-3" aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`} className="h6 mb-3">
        {editing ? 'Editar morada' : 'Nova morada'}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      <FormField id={`${prefix}-name`} label="Nome completo" autoComplete="name" required {...field('name')} />
      <FormField id={`${prefix}-address`} label="Morada" autoComplete="address-line1" required {...field('address')} />
      <Row className="g-3 mb-3">
        <FormField column={{ xs: 12, sm: 5 }} id={`${prefix}-postal`} label="Código postal" autoComplete="postal-code" inputMode="numeric" placeholder="0000-000" required {...field('postal_code')} />
        <FormField column={{ xs: 12, sm: 7 }} id={`${prefix}-city`} label="Cidade" autoComplete="address-level2" required {...field('city')} />
      </Row>
      {/* Portugal, or the country an address saved from a checkout abroad keeps (decision 0055). */}
      <SelectField id={`${prefix}-country`} label="País" {...field('country')}>
        {countryOptions(['PT', editing?.country_code ?? 'PT']).map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </SelectField>
      <FormField id={`${prefix}-phone`} label="Telefone" type="tel" autoComplete="tel" inputMode="tel" required {...field('phone')} />
      {!first && !editing?.is_default && (
        <CheckField id={`${prefix}-default`} label="Usar como morada predefinida" className="mb-3" registration={form.register('is_default')} />
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={form.formState.isSubmitting}>Guardar morada</SubmitButton>
        <Button variant="outline-secondary" onClick={() => onDone('')} disabled={form.formState.isSubmitting}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const label = `${address.address}, ${address.city}`;
  return (
    <li className="border rounded p-3 mb-3">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <address className="mb-2">
          <strong className="d-block">{address.name}</strong>
          <span className="d-block">{address.address}</span>
          <span className="d-block">{`${address.postal_code} ${address.city}`}</span>
          <span className="d-block">{address.country}</span>
          <span className="d-block text-secondary">{address.phone}</span>
        </address>
        {address.is_default && (
          <div>
            <Badge bg="success">Predefinida</Badge>
          </div>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" size="sm" onClick={onEdit} aria-label={`Editar a morada ${label}`}>
          Editar
        </Button>
        {!address.is_default && (
          <Button variant="outline-secondary" size="sm" onClick={onMakeDefault} disabled={busy} aria-label={`Tornar predefinida a morada ${label}`}>
            Tornar predefinida
          </Button>
        )}
        <Button variant="outline-danger" size="sm" onClick={onDelete} aria-label={`Eliminar a morada ${label}`}>
          Eliminar
        </Button>
      </div>
    </li>
  );
}

/** The Moradas tab of /perfil: the addresses the checkout ships to, one of them the default it starts from. */
export function AddressBook() {
  const book = useAddresses(true);
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const flash = useFlashMessage();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const done = (message: string) => {
    setEditing(null);
    if (message) flash.show(message);
    heading.current?.focus();
  };
  const makeDefault = (address: SavedAddress) => {
    setFailure(null);
    save.mutate(
      { id: address.id, body: { ...bodyOf(address), is_default: true } },
      { onSuccess: () => flash.show(addressMessages.madeDefault), onError: (err) => setFailure(errorMessage(err, saveFailed)) },
    );
  };
  const removal = useConfirmDelete(remove, {
    keyOf: (address: SavedAddress) => address.id,
    failed: deleteFailed,
    onDeleted: () => {
      flash.show(addressMessages.deleted);
      heading.current?.focus();
    },
  });

  const addresses = book.data ?? [];
  return (
    <section aria-labelledby="address-book-title">
      <h2 id="address-book-title" ref={heading} tabIndex={-1} className="h5 mb-2">
        As minhas moradas
      </h2>
      <p className="text-secondary small mb-3">A morada predefinida preenche o checkout. A morada de cada compra fica guardada aqui.</p>
      <div aria-live="polite">
        {flash.message && <Alert variant="success">{flash.message}</Alert>}
        {failure && <Alert variant="danger">{failure}</Alert>}
      </div>
      {book.isPending ?
        <div className="d-flex align-items-center gap-2 text-secondary py-3" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>A carregar as moradas...</span>
        </div>
      : book.isError ?
        <RetryAlert message={loadFailed} onRetry={() => void book.refetch()} retrying={book.isFetching} />
      : <>
          {addresses.length === 0 && editing === null && (
            <p className="mb-3">Ainda não tem moradas guardadas.</p>
          )}
          <ul className="list-unstyled mb-0">
            {addresses.map((address) =>
              editing !== 'new' && editing?.id === address.id ?
                <li key={address.id}>
                  <AddressForm editing={address} first={false} onDone={done} />
                </li>
              : <AddressCard
                  key={address.id}
                  address={address}
                  busy={save.isPending}
                  onEdit={() => setEditing(address)}
                  onMakeDefault={() => makeDefault(address)}
                  onDelete={() => removal.ask(address)}
                />,
            )}
          </ul>
          {editing === 'new' ?
            <AddressForm editing={null} first={addresses.length === 0} onDone={done} />
          : addresses.length < MAX_ADDRESSES ?
            <Button variant="primary" onClick={() => setEditing('new')}>
              <BiPlusLgIcon className="bi me-2" aria-hidden="true" />
              Adicionar morada
            </Button>
          : <p className="small text-secondary mb-0">{addressMessages.tooMany}</p>}
        </>
      }
      <ConfirmDeleteModal
        title="Eliminar morada"
        question={
          <>
            Eliminar a morada <strong>{removal.target ? `${removal.target.address}, ${removal.target.city}` : ''}</strong>? As encomendas já feitas não mudam.
          </>
        }
        {...removal.modal}
      />
    </section>
  );
}
