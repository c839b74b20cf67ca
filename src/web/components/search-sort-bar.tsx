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
  placeholder: string;
  query: string;
  onQuery: (text: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  sort: string;
  sortOptions: readonly { value: string; label: string }[];
  onSort: (value: string) => void;
};

/** A storefront list's search box and "Ordenar por" select, side by side from md up. */
export function SearchSortBar({ idPrefix, placeholder, query, onQuery, onSubmit, sort, sortOptions, onSort }: SearchSortBarProps) {
  const searchId = `${idPrefix}-pesquisa`;
  const sortId = `${idPrefix}-ordenar`;
  // On a server-rendered list, what is typed or chosen before the app runs would be lost: wait for it.
  const hydrated = useHydrated();
  return (
    <Row className="g-3 align-items-end mb-4">
      <Col xs={12} md={7} lg={8}>
        <Form role="search" onSubmit={onSubmit}>
          <Form.Label htmlFor={searchId}>Pesquisar</Form.Label>
          {/* The list follows what is typed; the button is the form's way to send it for whoever looks for one. */}
          <InputGroup>
            <Form.Control
              id={searchId}
              type="search"
              placeholder={placeholder}
              value={query}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              disabled={!hydrated}
              onChange={(event) => onQuery(event.target.value)}
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
        <Form.Select id={sortId} value={sort} disabled={!hydrated} onChange={(event) => onSort(event.target.value)}>
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Col>
    </Row>
  );
}
