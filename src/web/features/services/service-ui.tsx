import type { Service } from '#shared/schemas/services.ts';
import BiBoxArrowUpRightIcon from '~icons/bi/box-arrow-up-right';
import BiCalendarCheckIcon from '~icons/bi/calendar-check';
import BiCalendar2HeartIcon from '~icons/bi/calendar2-heart';


/** What a card or a page says about the service in a line: its short description, else its description. */
export const summaryOf = (service: Pick<Service, 'short_description' | 'description'>) => service.short_description.trim() || service.description;

/** Shown where a service has no image: an icon for the eye, 'Sem imagem' for screen readers. */
export function ServiceImagePlaceholder() {
  return (
    <div className="service-image-placeholder">
      <BiCalendar2HeartIcon className="bi" aria-hidden="true" />
      <span className="visually-hidden">Sem imagem</span>
    </div>
  );
}

/** The external booking link (backoffice.md §2): a new tab, said so to screen readers, no access to this page. */
export function BookingLink({ service, label, className }: { service: Pick<Service, 'name' | 'schedule_link'>; label: string; className: string }) {
  return (
    <a href={service.schedule_link} target="_blank" rel="noopener noreferrer" className={className} aria-label={`${label}: ${service.name} (abre num novo separador)`}>
      <BiCalendarCheckIcon className="bi me-2" aria-hidden="true" />
      {label}
      <BiBoxArrowUpRightIcon className="bi ms-2 small" aria-hidden="true" />
    </a>
  );
}
