import './home.css';
import { type ComponentType, useId, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { useSectionGestures } from './home-gestures.ts';
import { HeroSection, ProductsSection, ServicesSection } from './home-sections.tsx';
import { SECTION_COUNT, useAutoHideControls, useSectionNavigation } from './use-section-navigation.ts';
import BiChevronDownIcon from '~icons/bi/chevron-down';
import BiChevronUpIcon from '~icons/bi/chevron-up';

const sections: { key: string; name: string; Content: ComponentType<{ titleId: string }> }[] = [
  { key: 'inicio', name: 'Início', Content: HeroSection },
  { key: 'produtos', name: 'Produtos em destaque', Content: ProductsSection },
  { key: 'servicos', name: 'Serviços', Content: ServicesSection },
];

/** Where the user types or a widget owns the keys (editor, fields, menus, dialogs), the page leaves them alone. */
export function HomePage() {
  const nav = useSectionNavigation(SECTION_COUNT);
  const controls = useAutoHideControls();
  const rootRef = useRef<HTMLDivElement>(null);
  const headerHeight = useSectionGestures(rootRef, nav, controls);
  const baseId = useId().replace(/:/g, '');
  const titleId = (i: number) => `${baseId}-section-${i}`;
  const { index } = nav;

  const current = sections[index];

  return (
    <div ref={rootRef} className="home-page" style={{ height: `calc(100dvh - ${headerHeight}px)` }}>
      <div className="home-track" style={{ transform: `translateY(-${index * 100}%)` }}>
        {sections.map(({ key, Content }, i) => (
          <section
            key={key}
            className={`home-section home-section--${key}`}
            aria-labelledby={titleId(i)}
            data-home-section={i}
            data-active={i === index || undefined}
          >
            <Container className="home-section-inner">
              <Content titleId={titleId(i)} />
            </Container>
          </section>
        ))}
      </div>

      <nav
        className={`home-controls${controls.visible ? ' home-controls--visible' : ''}`}
        aria-label="Secções da página inicial"
        onFocus={controls.focusIn}
        onBlur={controls.focusOut}
      >
        <button
          type="button"
          className="home-control"
          aria-label="Secção anterior"
          aria-disabled={index === 0 || undefined}
          onClick={() => nav.goTo(index - 1)}
        >
          <BiChevronUpIcon className="bi" aria-hidden="true" />
        </button>
        <ul className="list-unstyled mb-0">
          {sections.map(({ key, name }, i) => (
            <li key={key}>
              <button
                type="button"
                className="home-dot"
                aria-label={`Secção ${i + 1}: ${name}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => nav.goTo(i)}
              >
                <span aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="home-control"
          aria-label="Secção seguinte"
          aria-disabled={index === SECTION_COUNT - 1 || undefined}
          onClick={() => nav.goTo(index + 1)}
        >
          <BiChevronDownIcon className="bi" aria-hidden="true" />
        </button>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {current ? `Secção ${index + 1} de ${SECTION_COUNT}: ${current.name}` : ''}
      </p>
    </div>
  );
}
