import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import BiSearchIcon from '~icons/bi/search';
import { useHydrated } from './use-hydrated.ts';

type SearchSortBarProps = {
  /** Prefix of the two fields' ids (`<idPrefix>-pesquisa`, `<idPrefix>-ordenar`): unique on the page. */
  idPrefix: string;
  /** The search box: what it shows, what is typed, and the form's submit (its button, Enter). */
  search: { placeholder: string; value: string; onChange: (text: string) => void; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  /** The "Ordenar por" select. */
  sort: { value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void };
};

/** A storefront list's search box and "Ordenar por" select, side by side from md up. */
export function SearchSortBar({ idPrefix, search, sort }: SearchSortBarProps) {
  const searchId = `${idPrefix}-pesquisa`;
  const sortId = `${idPrefix}-ordenar`;
  // On a server-rendered list, what is typed or chosen before the app runs would be lost: wait for it.
  const hydrated = useHydrated();
  return (
    <Row className="g-3 align-items-end mb-4">
      <Col xs={12} md={7} lg={8}>
        <Form role="search" onSubmit={search.onSubmit}>
          <Form.Label htmlFor={searchId}>Pesquisar</Form.Label>
          {/* The list follows what is typed; the button is the form's way to send it for whoever looks for one. */}
          <InputGroup>
            <Form.Control
              id={searchId}
              type="search"
              placeholder={search.placeholder}
              value={search.value}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              disabled={!hydrated}
              onChange={(event) => search.onChange(event.target.value)}
            />
            <Button type="submit" variant="outline-primary" disabled={!hydrated}>
              <BiSearchIcon className="bi" aria-hidden="true" />
              <span className="visually-hidden">Pesquisar</span>
            </Button>
          </InputGroup>
        </Form>
      </Col>
      <Col xs={12} md={5} lg={4}>
        <Form.Label htmlFor={sortId}>Ordenar por</Form.Label>
        <Form.Select id={sortId} value={sort.value} disabled={!hydrated} onChange={(event) => sort.onChange(event.target.value)}>
          {sort.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Col>
    </Row>
  );
}
