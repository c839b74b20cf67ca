import type { ShopDetails } from '#shared/schemas/contact.ts';
import { shop } from '#shared/shop.ts';

/**
 * The shop's social pages as icon links (each opens in a new window, said so in its name): only those the
 * owner set (SHOP_INSTAGRAM_URL...), so nothing points at a network's home page as if it were the shop's.
 */
export function SocialLinks({ links, linkClassName }: { links: ShopDetails['social'] | undefined; linkClassName: string }) {
  if (!links?.length) return null;
  return (
    <ul className="list-inline mb-0">
      {links.map((s) => (
        <li className="list-inline-item" key={s.name}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" className={linkClassName} aria-label={`${s.name} (abre numa nova janela)`}>
            <i className={`bi ${shop.socialIcons[s.name]}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
