import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { SuggestAnswer } from '#shared/schemas/search.ts';
import { SUGGEST_MIN_CHARS, searchMessages, suggestionsAnnounced } from '#shared/texts/search.ts';
import { formatEuros } from '#shared/money.ts';
import { api } from '../api/client.ts';
import BiSearchIcon from '~icons/bi/search';

/** A pause this long in the typing asks the server (decision 0043); each key sooner restarts the wait. */
export const SUGGEST_DEBOUNCE_MS = 200;

/** One search in the header: its ids are fixed (the header's toggle between 768 and 1200 px focuses the field). */
export const HEADER_SEARCH_ID = 'pesquisa-loja';
export const HEADER_SEARCH_FIELD = `${HEADER_SEARCH_ID}-campo`;

type Option = { id: string; url: string; name: string; detail?: string; image?: string | null; group: 'products' | 'collections' | 'services' };

const GROUP_LABELS: Record<Option['group'], string> = { products: 'Produtos', collections: 'Coleções', services: 'Serviços' };

function optionsOf(answer: SuggestAnswer, base: string): Option[] {
  return [
    ...answer.products.map((p) => ({
      id: `${base}-p${p.id}`,
      url: p.url,
      name: p.name,
      detail: p.fromPrice ? `A partir de ${formatEuros(p.price)}` : formatEuros(p.price),
      image: p.image,
      group: 'products' as const,
    })),
    ...answer.collections.map((c) => ({ id: `${base}-c${c.slug}`, url: c.url, name: c.name, group: 'collections' as const })),
    ...answer.services.map((s) => ({ id: `${base}-s${s.id}`, url: s.url, name: s.name, image: s.image, group: 'services' as const })),
  ];
}

/** Where Enter without a chosen suggestion goes: the full results, as the products page's own search shows them. */
const resultsUrl = (text: string) => `${paths.products}?${new URLSearchParams({ q: text.trim() })}`;

/** The popup: the suggestions in their groups (products, collections, services), the one chosen marked. */
type ListProps = { id: string; base: string; options: Option[]; active: Option | undefined; shown: boolean; onChoose: (option: Option) => void };

function SuggestionList({ id, base, options, active, shown, onChoose }: ListProps) {
  const groups = (['products', 'collections', 'services'] as const).map((group) => ({ group, items: options.filter((o) => o.group === group) })).filter((g) => g.items.length);
  return (
    <div id={id} role="listbox" aria-label="Sugestões de pesquisa" className="header-search-list py-1 mb-2 border-top border-bottom" hidden={!shown}>
      {groups.map(({ group, items }) => (
        <div key={group} role="group" aria-labelledby={`${base}-${group}`}>
          <div id={`${base}-${group}`} role="presentation" className="px-3 pt-2 pb-1 small fw-semibold text-secondary">
            {GROUP_LABELS[group]}
          </div>
          {items.map((option) => (
            <div
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={option === active}
              className={`header-search-option d-flex align-items-center gap-3 px-3 py-2${option === active ? ' active' : ''}`}
              // The field keeps the focus (the list is read through aria-activedescendant).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
            >
              {option.image !== undefined &&
                (option.image ? <img src={option.image} alt="" width={40} height={40} loading="lazy" className="flex-shrink-0 rounded" /> : <span className="flex-shrink-0 rounded bg-body-secondary" style={{ width: 40, height: 40 }} aria-hidden="true" />)}
              <span className="flex-grow-1 text-break">{option.name}</span>
              {option.detail && <span className="text-nowrap fw-semibold">{option.detail}</span>}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The header's search (issue #30): a WAI-ARIA APG combobox with a listbox popup. Typing asks for suggestions
 * after a short pause, the request before cancelled (AbortController) as soon as the next key arrives; Down and
 * Up move through them (aria-activedescendant, the focus stays in the field), Enter opens the one chosen or,
 * with none, the full results; Escape closes the list, then clears the field. A live region says how many came.
 * Before the app runs it is a plain GET form to the products page.
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const base = HEADER_SEARCH_ID;
  const listId = `${base}-lista`;
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<{ timer?: number; controller?: AbortController }>({});

  const cancel = () => {
    window.clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
    pending.current = {};
  };
  useEffect(() => cancel, []);

  // A navigation (a suggestion opened, the results page) closes the list.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
    setActive(-1);
  }

  const ask = (value: string) => {
    cancel();
    const q = value.trim();
    if (q.length < SUGGEST_MIN_CHARS) {
      setOptions([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api
        .get<SuggestAnswer>('/search/suggest', { query: { q }, signal: controller.signal })
        .then((answer) => {
          const found = optionsOf(answer, base);
          setOptions(found);
          setActive(-1);
          setOpen(true);
          setAnnouncement(suggestionsAnnounced(found.length));
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setOpen(false);
          setAnnouncement(searchMessages.failed);
        });
    }, SUGGEST_DEBOUNCE_MS);
    pending.current = { timer, controller };
  };

  const choose = (option: Option) => {
    cancel();
    setOpen(false);
    setText('');
    void navigate(option.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open || event.altKey) {
        setOpen(true);
        if (!event.altKey) setActive(down ? 0 : count - 1);
        return;
      }
      setActive((index) => (down ? (index + 1 >= count ? 0 : index + 1) : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const option = open ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      }
      // Otherwise the form is sent: the full results (onSubmit).
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) {
        setOpen(false);
        setActive(-1);
      } else if (text) {
        cancel();
        setText('');
        setOptions([]);
      }
    } else if (event.key === 'Home' || event.key === 'End' || event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // The caret moves in the text: no suggestion stays chosen.
      setActive(-1);
    }
  };

  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  // The list is the bar's last row, in the page's flow (not over it): the text under a popup is text whose
  // contrast no checker can measure (decision 0032), and the journeys fail on it.
  return (
    <>
      <form
        id={HEADER_SEARCH_ID}
        role="search"
        aria-label="Pesquisa da loja"
        action={paths.products}
        method="get"
        className={`header-search ${className}`}
        onSubmit={(event) => {
          event.preventDefault();
          cancel();
          setOpen(false);
          if (text.trim()) void navigate(resultsUrl(text));
        }}
      >
        <label htmlFor={HEADER_SEARCH_FIELD} className="visually-hidden">
          {searchMessages.label}
        </label>
        <div className="input-group">
          <input
            id={HEADER_SEARCH_FIELD}
            name="q"
            // Text, not search: HTML gives a search field no combobox role; the keyboard still says "search".
            type="text"
            inputMode="search"
            className="form-control"
            placeholder={searchMessages.placeholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeOption?.id}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              ask(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
          />
          <button type="submit" className="btn btn-outline-primary" aria-label="Pesquisar">
            <BiSearchIcon className="bi" aria-hidden="true" />
          </button>
        </div>
        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
      </form>
      <SuggestionList id={listId} base={base} options={options} active={activeOption} shown={expanded} onChoose={choose} />
    </>
  );
}
