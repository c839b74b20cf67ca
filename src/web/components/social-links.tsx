import { shop } from '#shared/shop.ts';

/** The shop's social networks as icon links (each opens in a new window, said so in its name). */
export function SocialLinks({ linkClassName }: { linkClassName: string }) {
  return (
    <ul className="list-inline mb-0">
      {shop.social.map((s) => (
        <li className="list-inline-item" key={s.name}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" className={linkClassName} aria-label={`${s.name} (abre numa nova janela)`}>
            <i className={`bi ${s.icon}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
