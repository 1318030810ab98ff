import { Link } from 'react-router';
import type { FooterColumn, SocialLink } from '../../../types/site';
import { Icon } from '../../ui/Icon/Icon';
import * as styles from './Footer.css';

export type FooterProps = {
  brand: string;
  tagline: string;
  contact: { phone: string; email: string; street: string; city: string };
  columns: FooterColumn[];
  social: SocialLink[];
  /** The copyright's year and the notice after it. */
  year: number;
  legal: string;
};

export function Footer({ brand, tagline, contact, columns, social, year, legal }: FooterProps) {
  return (
    <footer className={styles.root}>
      <div className={styles.inner}>
        <section className={styles.about} aria-label={`About ${brand}`}>
          <p className={styles.brand}>{brand}</p>
          <p>{tagline}</p>
          <address className={styles.contact}>
            <span className={styles.contactLine}>
              <Icon name="pin" size={16} />
              {contact.street}, {contact.city}
            </span>
            <span className={styles.contactLine}>
              <Icon name="phone" size={16} />
              {contact.phone}
            </span>
            <span className={styles.contactLine}>
              <Icon name="mail" size={16} />
              {contact.email}
            </span>
          </address>
          <ul className={styles.social}>
            {social.map((item) => (
              <li key={item.icon}>
                <a href={item.href} className={styles.socialLink} aria-label={item.label} rel="noopener noreferrer">
                  <Icon name={item.icon} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        {columns.map((column) => (
          <nav key={column.heading} aria-labelledby={`footer-${column.heading.toLowerCase()}`}>
            <h2 id={`footer-${column.heading.toLowerCase()}`} className={styles.heading}>
              {column.heading}
            </h2>
            <ul className={styles.list}>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.legal}>
        © {year} {brand}. {legal}
      </p>
    </footer>
  );
}
