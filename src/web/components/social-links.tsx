import type { ShopDetails } from '#shared/schemas/contact.ts';
import type { IconComponent } from './icon.ts';
import BiFacebookIcon from '~icons/bi/facebook';
import BiInstagramIcon from '~icons/bi/instagram';
import BiWhatsappIcon from '~icons/bi/whatsapp';

const socialIcons: Record<ShopDetails['social'][number]['name'], IconComponent> = { Instagram: BiInstagramIcon, Facebook: BiFacebookIcon, WhatsApp: BiWhatsappIcon };

function SocialIcon({ name }: { name: ShopDetails['social'][number]['name'] }) {
  const Icon = socialIcons[name];
  return <Icon className="bi" aria-hidden="true" />;
}

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
            <SocialIcon name={s.name} />
          </a>
        </li>
      ))}
    </ul>
  );
}
