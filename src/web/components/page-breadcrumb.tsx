import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';

type Crumb = { label: string; to: string };

/**
 * The storefront's breadcrumb: Home, the pages above this one (`trail`), then this page's name, not a link
 * (a name from the shop's data can be one long word, so it may break).
 */
export function PageBreadcrumb({ trail = [], current, className = 'mb-3' }: { trail?: Crumb[]; current: string; className?: string }) {
  return (
    <Breadcrumb label="Navegação estrutural" className={className}>
      {[{ label: 'Home', to: paths.home }, ...trail].map((crumb) => (
        <Breadcrumb.Item key={crumb.to} linkAs={Link} linkProps={{ to: crumb.to }}>
          {crumb.label}
        </Breadcrumb.Item>
      ))}
      <Breadcrumb.Item active className="text-break">
        {current}
      </Breadcrumb.Item>
    </Breadcrumb>
  );
}
