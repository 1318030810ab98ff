import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { getAbout, getPage } from '../data/content.server';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/about';
import * as styles from './about.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('about'), ...(await getAbout()) };
}

/**
 * A link to a section of this page is the browser's own: it moves the point the next Tab starts from to the
 * section, as React Router's client-side handling of the same link does not (focus stayed on the tile, far above
 * the section scrolled to). Any other is React Router's.
 */
function TileLink({ to, children, ...props }: { to: string } & ComponentProps<'a'>) {
  return to.startsWith('#') ? (
    <a href={to} {...props}>
      {children}
    </a>
  ) : (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { tiles, statement, blocks } = loaderData;
  return (
    <div className={layout.pageBody}>
      <ul className={styles.tiles} aria-label="Discover">
        {tiles.map((tile, index) => (
          <li key={tile.label} className={styles.tile}>
            {/* Named by the visible label alone, which voice control users speak (WCAG 2.5.3: the image's alt text
                came first in the name); the picture describes the link instead. */}
            <TileLink
              to={tile.to}
              className={styles.tileLink}
              aria-labelledby={`tile-${index}-label`}
              aria-describedby={`tile-${index}-image`}
            >
              <img
                id={`tile-${index}-image`}
                src={tile.image.src}
                alt={tile.image.alt}
                width={tile.image.width}
                height={tile.image.height}
                loading="eager"
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className={styles.tileImage}
              />
              <span id={`tile-${index}-label`} className={styles.tileLabel}>
                {tile.label}
              </span>
            </TileLink>
          </li>
        ))}
      </ul>

      <section className={styles.statement} aria-labelledby="brand-statement">
        <h2 id="brand-statement" className={styles.statementHeading}>
          {statement.heading}
        </h2>
        <p className={styles.statementText}>{statement.text}</p>
      </section>

      <div className={styles.blocks}>
        {blocks.map((block) => (
          <section key={block.id} id={block.id} className={styles.block} aria-labelledby={`${block.id}-heading`}>
            <h2 id={`${block.id}-heading`} className={layout.sectionHeading}>
              {block.heading}
            </h2>
            {block.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
